/**
 * Rules of a SAML sign-in that node-saml leaves to us: who the response names (email, display name) and
 * whether it was addressed to us (Destination, Recipient). Pure: the values come from a verified response.
 */

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MAX_EMAIL = 320;
/** As createUser's `displayName` (1..64). */
const MAX_DISPLAY_NAME = 64;

const EMAIL_ATTRIBUTES = [
  'email',
  'mail',
  'emailAddress',
  'urn:oid:0.9.2342.19200300.100.1.3',
  'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress',
];
const NAME_ATTRIBUTES = [
  'displayName',
  'urn:oid:2.16.840.1.113730.3.1.241',
  'http://schemas.microsoft.com/identity/claims/displayname',
  'name',
  'cn',
  'urn:oid:2.5.4.3',
];
const GIVEN_NAME_ATTRIBUTES = ['givenName', 'firstName', 'urn:oid:2.5.4.42', 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/givenname'];
const SURNAME_ATTRIBUTES = ['sn', 'surname', 'lastName', 'urn:oid:2.5.4.4', 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/surname'];

/** The first text value of an attribute (IdPs send one value or several). */
function firstText(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim() || undefined;
  if (Array.isArray(value)) {
    for (const item of value) {
      const text = firstText(item);
      if (text) return text;
    }
  }
  return undefined;
}

function firstOf(attributes: Record<string, unknown>, names: string[]): string | undefined {
  for (const name of names) {
    const text = firstText(attributes[name]);
    if (text) return text;
  }
  return undefined;
}

const isEmail = (value: string | undefined): value is string => !!value && value.length <= MAX_EMAIL && EMAIL.test(value);

/** Control characters out, runs of whitespace as one space, at most 64 characters. */
function cleanName(name: string): string {
  return name.replace(/[\p{Cc}\p{Cf}]/gu, '').replace(/\s+/g, ' ').trim().slice(0, MAX_DISPLAY_NAME).trim();
}

export type SignInIdentity = { email: string; displayName: string } | { problem: string };

/**
 * Who signs in: the email is the NameID when it is an email address (whatever its declared format, since many
 * IdPs send emails as `unspecified`), else the first email attribute; the display name is the display-name
 * attribute, or given name and surname, or the email.
 */
export function signInIdentity(nameID: string | undefined, attributes: Record<string, unknown>): SignInIdentity {
  const fromNameId = nameID?.trim();
  const email = isEmail(fromNameId) ? fromNameId : firstOf(attributes, EMAIL_ATTRIBUTES);
  if (!isEmail(email)) return { problem: 'The SAML assertion names no email address: neither its NameID nor an email attribute is one' };
  const given = firstOf(attributes, GIVEN_NAME_ATTRIBUTES);
  const surname = firstOf(attributes, SURNAME_ATTRIBUTES);
  const named = firstOf(attributes, NAME_ATTRIBUTES) ?? ([given, surname].filter(Boolean).join(' ') || undefined);
  const displayName = (named && cleanName(named)) || cleanName(email);
  return { email, displayName };
}

/**
 * node-saml checks the signature, audience, time window and InResponseTo, not where the response was sent:
 * a response the IdP addressed to another service provider must not sign anyone in here. The Response's
 * Destination (when present) and every SubjectConfirmationData Recipient (inside the signed assertion) must be
 * our ACS URL, and at least one of them must be there.
 */
export function destinationProblem(destination: string | undefined, recipients: string[], acsUrl: string): string | undefined {
  if (destination === undefined && recipients.length === 0) return 'The SAML response names no Destination or Recipient: it cannot be shown to be meant for this service';
  if (destination !== undefined && destination !== acsUrl) return `The SAML response's Destination is ${destination}, not this service's ACS URL ${acsUrl}`;
  const other = recipients.find((r) => r !== acsUrl);
  if (other !== undefined) return `The SAML assertion's Recipient is ${other}, not this service's ACS URL ${acsUrl}`;
  return undefined;
}

/** The IdP the provider was configured with must be the one that issued the assertion (its entity ID). */
export function issuerProblem(issuer: string | undefined, expected: string): string | undefined {
  if (issuer === expected) return undefined;
  return `The SAML assertion was issued by ${issuer ?? 'an unnamed issuer'}, not by the configured identity provider ${expected}`;
}

/** The RelayState sent with the AuthnRequest comes back unchanged (SAML bindings §3.4.3): anything else is another flow's answer. */
export function relayStateProblem(sent: string | null, received: string | undefined): string | undefined {
  if (sent === null || sent === received) return undefined;
  return 'The RelayState does not match the one this sign-in was started with';
}

/** A NameID longer than this is not a subject any IdP issues (SAML core caps persistent ones at 256 characters). */
const MAX_SUBJECT = 1024;

/** The subject a link records: the NameID, or the email when the assertion has none. */
export function signInSubject(nameID: string | undefined, email: string): { subject: string } | { problem: string } {
  const subject = nameID?.trim() || email;
  if (subject.length > MAX_SUBJECT) return { problem: `The SAML assertion's NameID is longer than ${MAX_SUBJECT} characters` };
  return { subject };
}
