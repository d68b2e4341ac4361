import { certificateProblem, configuredIdp, defaultSamlRole, samlProviderStatus, samlServiceUrls, ssoUrlProblem } from '../../src/domain/saml-providers';

// A real self-signed certificate (CN=idp.example.test, EC P-256), made once with `selfsigned`: parsing needs no key.
const CERT = `-----BEGIN CERTIFICATE-----
MIIBiTCCAS+gAwIBAgIJOxHKzY3qRmHbMAoGCCqGSM49BAMCMBsxGTAXBgNVBAMT
EGlkcC5leGFtcGxlLnRlc3QwHhcNMjYwMTAxMDAwMDAwWhcNMzYwMTAxMDAwMDAw
WjAbMRkwFwYDVQQDExBpZHAuZXhhbXBsZS50ZXN0MFkwEwYHKoZIzj0CAQYIKoZI
zj0DAQcDQgAEaKiXS1GLq513WNZSWn4Nw6s3awj8BEDiYv9aMKONO1HsjsYquHU5
IBOX2E9WC4j5mWwIUeHE0yu1fXjS7use2KNcMFowDAYDVR0TAQH/BAIwADAOBgNV
HQ8BAf8EBAMCBaAwHQYDVR0lBBYwFAYIKwYBBQUHAwEGCCsGAQUFBwMCMBsGA1Ud
EQQUMBKCEGlkcC5leGFtcGxlLnRlc3QwCgYIKoZIzj0EAwIDSAAwRQIgJs4sov6G
fJppi1fU5FPcvWdTFMh9DlqzsW0H16/1rQ4CIQDY9KNmuRnaUToIGigNrFv2XSV7
EQs7KTiGxtXUBQCf5A==
-----END CERTIFICATE-----`;

describe('SAML provider status', () => {
  test.each([
    [{ entity_id: 'e', sso_url: 'https://idp/sso', certificate: 'c' }, 'active'],
    [{ entity_id: null, sso_url: 'https://idp/sso', certificate: 'c' }, 'pending'],
    [{ entity_id: 'e', sso_url: null, certificate: 'c' }, 'pending'],
    [{ entity_id: 'e', sso_url: 'https://idp/sso', certificate: null }, 'pending'],
    [{ entity_id: '', sso_url: '', certificate: '' }, 'pending'],
  ])('When the identity provider fields are %p, Then the provider is %s', (fields, status) => {
    expect(samlProviderStatus(fields)).toBe(status);
    expect(configuredIdp(fields) !== undefined).toBe(status === 'active');
  });
});

describe('service URLs', () => {
  test('When a provider is presented, Then its start, ACS and entity ID URLs are under the public URL', () => {
    expect(samlServiceUrls('https://docs.example.com/', 'p1')).toEqual({
      startURL: 'https://docs.example.com/sso/saml/p1/start',
      acsURL: 'https://docs.example.com/sso/saml/p1/acs',
      entityID: 'https://docs.example.com/sso/saml/p1/metadata',
    });
  });
});

describe('ssoURL rule', () => {
  test.each([
    ['https://idp.example.com/sso', [], undefined],
    ['http://idp.example.com/sso', [], /https URL/],
    ['http://127.0.0.1:9000/sso', [], /https URL/],
    ['http://127.0.0.1:9000/sso', ['127.0.0.1'], undefined],
    ['http://localhost/sso', ['127.0.0.1'], /http only on 127.0.0.1/],
    ['javascript:alert(1)', ['127.0.0.1'], /https URL/],
    ['not a url', [], /must be a URL/],
  ] as const)('When ssoURL is %s and http is allowed on %p, Then the problem is %p', (url, allowed, problem) => {
    const found = ssoUrlProblem(url, allowed);
    if (problem === undefined) expect(found).toBeUndefined();
    else {
      expect(found).toMatch(problem);
      expect(found).toMatch(/^body\.ssoURL /);
    }
  });
});

describe('certificate rule', () => {
  test('When the certificate is one PEM X.509 certificate, Then it is accepted', () => {
    expect(certificateProblem(CERT)).toBeUndefined();
    expect(certificateProblem(`\n  ${CERT}\n`)).toBeUndefined();
  });

  test.each([
    ['', /one X\.509 certificate/],
    ['MIIB...', /one X\.509 certificate/],
    [`${CERT}\n${CERT}`, /one X\.509 certificate/],
    [`${CERT}\n-----BEGIN PRIVATE KEY-----\nabc\n-----END PRIVATE KEY-----`, /certificate only/],
    ['-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----', /not a valid X\.509 certificate/],
  ])('When the certificate is %p, Then it is refused naming body.certificate', (pem, problem) => {
    const found = certificateProblem(pem);
    expect(found).toMatch(problem);
    expect(found).toMatch(/^body\.certificate /);
  });
});

describe('default role', () => {
  test.each([
    [undefined, 'edit', 'edit'],
    [undefined, null, null],
    [undefined, 'not-a-role', null],
    ['admin', 'read', 'admin'],
    [null, 'read', null],
  ] as const)('When the body says %p and the organization default is %p, Then new SSO members get %p', (body, org, expected) => {
    expect(defaultSamlRole(body, org)).toBe(expected);
  });
});
