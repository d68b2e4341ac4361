import { destinationProblem, issuerProblem, relayStateProblem, signInIdentity } from '../../src/domain/saml-sign-in';

const ACS = 'https://docs.example.com/sso/saml/p1/acs';

describe('who signs in', () => {
  test.each([
    ['an email NameID', 'ada@example.com', {}, { email: 'ada@example.com', displayName: 'ada@example.com' }],
    ['an opaque NameID and a mail attribute', 'u-123', { mail: 'ada@example.com' }, { email: 'ada@example.com', displayName: 'ada@example.com' }],
    ['a claims-URI email and display name', 'u-123', { 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress': ['ada@example.com'], 'http://schemas.microsoft.com/identity/claims/displayname': 'Ada L.' }, { email: 'ada@example.com', displayName: 'Ada L.' }],
    ['given name and surname', 'ada@example.com', { givenName: 'Ada', sn: 'Lovelace' }, { email: 'ada@example.com', displayName: 'Ada Lovelace' }],
    ['a display name with control characters and runs of spaces', 'ada@example.com', { displayName: ' Ada\u0000\n   Lovelace ' }, { email: 'ada@example.com', displayName: 'Ada Lovelace' }],
    ['a display name over 64 characters', 'ada@example.com', { displayName: 'x'.repeat(100) }, { email: 'ada@example.com', displayName: 'x'.repeat(64) }],
  ])('When the assertion has %s, Then the user is %p', (_label, nameId, attributes, expected) => {
    expect(signInIdentity(nameId, attributes)).toEqual(expected);
  });

  test('When neither the NameID nor an attribute is an email, Then it is refused', () => {
    expect(signInIdentity('u-123', { mail: 'not an email', displayName: 'Ada' })).toEqual({ problem: expect.stringMatching(/no email address/) });
    expect(signInIdentity(undefined, {})).toEqual({ problem: expect.stringMatching(/no email address/) });
  });
});

describe('addressed to us', () => {
  test.each([
    [ACS, [ACS], undefined],
    [undefined, [ACS], undefined],
    [ACS, [], undefined],
    [undefined, [], /no Destination or Recipient/],
    ['https://other/acs', [ACS], /Destination is https:\/\/other\/acs/],
    [ACS, ['https://other/acs'], /Recipient is https:\/\/other\/acs/],
    [undefined, [ACS, 'https://other/acs'], /Recipient is https:\/\/other\/acs/],
  ])('When the Destination is %p and the Recipients %p, Then the problem is %p', (destination, recipients, problem) => {
    const found = destinationProblem(destination, recipients, ACS);
    if (problem === undefined) expect(found).toBeUndefined();
    else expect(found).toMatch(problem);
  });

  test('When the issuer or the RelayState differ, Then each is a problem', () => {
    expect(issuerProblem('https://idp', 'https://idp')).toBeUndefined();
    expect(issuerProblem(undefined, 'https://idp')).toMatch(/unnamed issuer/);
    expect(issuerProblem('https://evil', 'https://idp')).toMatch(/issued by https:\/\/evil/);
    expect(relayStateProblem('r1', 'r1')).toBeUndefined();
    expect(relayStateProblem('r1', undefined)).toMatch(/RelayState/);
    expect(relayStateProblem('r1', 'r2')).toMatch(/RelayState/);
  });
});
