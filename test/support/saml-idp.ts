import { randomUUID } from 'node:crypto';
import { inflateRawSync } from 'node:zlib';
import { DOMParser } from '@xmldom/xmldom';
import { generate } from 'selfsigned';
import { SignedXml } from 'xml-crypto';

/**
 * A SAML identity provider inside the test: its own key pair and self-signed certificate, made at start; it
 * reads the AuthnRequest a start URL redirects to (HTTP-Redirect binding) and answers with a SAML Response
 * signed the standard way (xml-crypto: enveloped signature, exclusive c14n, rsa-sha256, sha256 digest) on the
 * Assertion, the Response, both, or neither, as each test asks. Every field a test may spoil can be overridden.
 */
export interface KeyPair {
  privateKey: string;
  certificate: string;
}

export interface AuthnRequest {
  id: string;
  relayState: string;
  acsUrl: string;
  issuer: string;
  destination: string;
}

export interface ResponseOptions {
  /** The request answered (its `id`); any string for a request never issued. */
  inResponseTo: string;
  /** Our ACS URL: the Response's Destination and the SubjectConfirmationData's Recipient unless overridden. */
  acsUrl: string;
  /** Our entity ID, the assertion's Audience unless overridden. */
  audience: string;
  email: string;
  /** What to sign; default the Assertion, as most IdPs do. */
  sign?: 'assertion' | 'response' | 'both' | 'none';
  /** Sign with another key than the one the provider was configured with. */
  signingKey?: KeyPair;
  /** null: no Destination attribute. */
  destination?: string | null;
  /** null: no Recipient attribute. */
  recipient?: string | null;
  /** The NameID; default the email. */
  nameId?: string;
  attributes?: Record<string, string>;
  issuer?: string;
  /** Shifts every timestamp, e.g. -3_600_000 for an assertion an hour old (expired). */
  ageMs?: number;
}

const PROTOCOL = 'urn:oasis:names:tc:SAML:2.0:protocol';
const ASSERTION = 'urn:oasis:names:tc:SAML:2.0:assertion';

const escapeXml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c);
const attr = (name: string, value: string | null | undefined) => (value == null ? '' : ` ${name}="${escapeXml(value)}"`);

export async function newKeyPair(commonName = 'idp.example.test'): Promise<KeyPair> {
  const pems = await generate([{ name: 'commonName', value: commonName }], { keySize: 2048, algorithm: 'sha256' });
  return { privateKey: pems.private, certificate: pems.cert };
}

function sign(xml: string, element: 'Assertion' | 'Response', key: KeyPair): string {
  const signed = new SignedXml({
    privateKey: key.privateKey,
    publicCert: key.certificate,
    signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
    canonicalizationAlgorithm: 'http://www.w3.org/2001/10/xml-exc-c14n#',
  });
  signed.addReference({
    xpath: `//*[local-name(.)='${element}']`,
    transforms: ['http://www.w3.org/2000/09/xmldsig#enveloped-signature', 'http://www.w3.org/2001/10/xml-exc-c14n#'],
    digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
  });
  // The Signature goes right after the element's own Issuer, where the SAML schema puts it.
  signed.computeSignature(xml, { prefix: 'ds', location: { reference: `//*[local-name(.)='${element}']/*[local-name(.)='Issuer']`, action: 'after' } });
  return signed.getSignedXml();
}

export class TestIdentityProvider {
  readonly entityId = 'https://idp.example.test/saml/metadata';
  readonly ssoUrl = 'https://idp.example.test/saml/sso';

  private constructor(readonly key: KeyPair) {}

  static async start(): Promise<TestIdentityProvider> {
    return new TestIdentityProvider(await newKeyPair());
  }

  get certificate(): string {
    return this.key.certificate;
  }

  /** The AuthnRequest and RelayState a start URL's redirect carries (deflated, base64, in the query). */
  readAuthnRequest(location: string): AuthnRequest {
    const url = new URL(location);
    const encoded = url.searchParams.get('SAMLRequest');
    if (!encoded) throw new Error(`no SAMLRequest in ${location}`);
    const xml = inflateRawSync(Buffer.from(encoded, 'base64')).toString('utf8');
    const root = new DOMParser().parseFromString(xml, 'text/xml').documentElement;
    if (!root || root.localName !== 'AuthnRequest' || root.namespaceURI !== PROTOCOL) throw new Error(`not an AuthnRequest: ${xml}`);
    return {
      id: root.getAttribute('ID') ?? '',
      relayState: url.searchParams.get('RelayState') ?? '',
      acsUrl: root.getAttribute('AssertionConsumerServiceURL') ?? '',
      destination: root.getAttribute('Destination') ?? '',
      issuer: root.getElementsByTagNameNS(ASSERTION, 'Issuer').item(0)?.textContent ?? '',
    };
  }

  /** A SAML Response (base64, as posted), signed as asked. */
  response(o: ResponseOptions): string {
    const now = Date.now() + (o.ageMs ?? 0);
    const at = (offsetMs: number) => new Date(now + offsetMs).toISOString();
    const issuer = escapeXml(o.issuer ?? this.entityId);
    const attributes = Object.entries(o.attributes ?? {})
      .map(([name, value]) => `<saml:Attribute Name="${escapeXml(name)}"><saml:AttributeValue>${escapeXml(value)}</saml:AttributeValue></saml:Attribute>`)
      .join('');
    const assertion =
      `<saml:Assertion xmlns:saml="${ASSERTION}" ID="_a${randomUUID()}" Version="2.0" IssueInstant="${at(0)}">` +
      `<saml:Issuer>${issuer}</saml:Issuer>` +
      `<saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress">${escapeXml(o.nameId ?? o.email)}</saml:NameID>` +
      `<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer">` +
      `<saml:SubjectConfirmationData${attr('InResponseTo', o.inResponseTo)} NotOnOrAfter="${at(5 * 60_000)}"${attr('Recipient', o.recipient === undefined ? o.acsUrl : o.recipient)}/>` +
      `</saml:SubjectConfirmation></saml:Subject>` +
      `<saml:Conditions NotBefore="${at(-60_000)}" NotOnOrAfter="${at(5 * 60_000)}"><saml:AudienceRestriction><saml:Audience>${escapeXml(o.audience)}</saml:Audience></saml:AudienceRestriction></saml:Conditions>` +
      `<saml:AuthnStatement AuthnInstant="${at(0)}" SessionIndex="_s${randomUUID()}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>` +
      (attributes ? `<saml:AttributeStatement>${attributes}</saml:AttributeStatement>` : '') +
      `</saml:Assertion>`;
    const signWith = o.signingKey ?? this.key;
    const mode = o.sign ?? 'assertion';
    const signedAssertion = mode === 'assertion' || mode === 'both' ? sign(assertion, 'Assertion', signWith) : assertion;
    let xml =
      `<samlp:Response xmlns:samlp="${PROTOCOL}" xmlns:saml="${ASSERTION}" ID="_r${randomUUID()}" Version="2.0" IssueInstant="${at(0)}"` +
      `${attr('Destination', o.destination === undefined ? o.acsUrl : o.destination)}${attr('InResponseTo', o.inResponseTo)}>` +
      `<saml:Issuer>${issuer}</saml:Issuer>` +
      `<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>` +
      signedAssertion +
      `</samlp:Response>`;
    if (mode === 'response' || mode === 'both') xml = sign(xml, 'Response', signWith);
    return Buffer.from(xml, 'utf8').toString('base64');
  }

  /** The form an IdP's page posts to the ACS URL (HTTP-POST binding). */
  static form(samlResponse: string, relayState?: string): string {
    const params = new URLSearchParams({ SAMLResponse: samlResponse });
    if (relayState !== undefined) params.set('RelayState', relayState);
    return params.toString();
  }
}
