import { DOMParser } from '@xmldom/xmldom';
import { SAML, type Profile } from '@node-saml/node-saml';
import { badRequest } from '@dp/http';
import type { IdentityContext } from '../context';
import { samlRequestCache, SamlRequestStoreError } from '../data/saml-request-cache';
import { samlOptions } from '../domain/saml-options';
import { SAML_REQUEST_TTL_MS } from '../domain/saml-providers';
import { destinationProblem, issuerProblem, signInIdentity, signInSubject } from '../domain/saml-sign-in';
import type { AcsForm } from '../schemas/sso';

const ASSERTION_NS = 'urn:oasis:names:tc:SAML:2.0:assertion';

/** What a verified response says: the request it answers and who signs in. */
export interface VerifiedSamlResponse {
  requestId: string;
  email: string;
  displayName: string;
  /** The assertion's NameID (or the email without one): what a link records. */
  subject: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Parses XML node-saml has already accepted; a parse error here is a refusal, never a crash. */
function parseXml(xml: string): Document {
  return new DOMParser({
    errorHandler: {
      error: (msg: unknown) => {
        throw badRequest(`The SAML response is not well-formed XML: ${String(msg)}`);
      },
      fatalError: (msg: unknown) => {
        throw badRequest(`The SAML response is not well-formed XML: ${String(msg)}`);
      },
    },
  }).parseFromString(xml, 'text/xml');
}

/** The Response's Destination (outside the signature unless the Response is signed: it only ever refuses). */
function responseDestination(samlResponse: string): string | undefined {
  const root = parseXml(Buffer.from(samlResponse, 'base64').toString('utf8')).documentElement;
  return root?.hasAttribute('Destination') ? root.getAttribute('Destination') ?? undefined : undefined;
}

/** Every SubjectConfirmationData Recipient of the assertion node-saml verified (its signed XML). */
function assertionRecipients(profile: Profile): string[] {
  const xml = profile.getAssertionXml?.();
  if (!xml) return [];
  const data = parseXml(xml).getElementsByTagNameNS(ASSERTION_NS, 'SubjectConfirmationData');
  const recipients: string[] = [];
  for (let i = 0; i < data.length; i++) {
    const recipient = data.item(i)?.getAttribute('Recipient');
    if (recipient) recipients.push(recipient);
  }
  return recipients;
}

/**
 * Verifies a posted SAMLResponse for a configured provider with node-saml (signature against the stored
 * certificate, audience, time window, InResponseTo of an open request of this provider; domain/saml-options.ts),
 * then what node-saml leaves to us: the issuer, the Destination and Recipient, and an email to sign in. Any
 * failure is a 400 saying why; it changes nothing (the request is consumed later, by the sign-in's transaction).
 */
export async function verifySamlResponse(
  ctx: IdentityContext,
  providerId: string,
  idp: { entityId: string; ssoUrl: string; certificate: string },
  form: AcsForm,
): Promise<VerifiedSamlResponse> {
  const cacheProvider = samlRequestCache(ctx.db, providerId, { ttlMs: SAML_REQUEST_TTL_MS });
  const options = samlOptions({ publicUrl: ctx.config.PUBLIC_URL, providerId, ssoUrl: idp.ssoUrl, certificate: idp.certificate, cacheProvider });
  let profile: Profile | null;
  try {
    ({ profile } = await new SAML(options).validatePostResponseAsync({ SAMLResponse: form.SAMLResponse }));
  } catch (err) {
    if (err instanceof SamlRequestStoreError) throw err;
    throw badRequest(`SAML response refused: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (!profile) throw badRequest('SAML response refused: it carries no assertion to sign in with');
  const requestId = typeof profile.inResponseTo === 'string' ? profile.inResponseTo : undefined;
  if (!requestId) throw badRequest('SAML response refused: InResponseTo is missing from response');
  const problem =
    issuerProblem(profile.issuer, idp.entityId) ??
    destinationProblem(responseDestination(form.SAMLResponse), assertionRecipients(profile), options.callbackUrl);
  if (problem) throw badRequest(`SAML response refused: ${problem}`);
  const identity = signInIdentity(profile.nameID, isRecord(profile.attributes) ? profile.attributes : {});
  if ('problem' in identity) throw badRequest(`SAML response refused: ${identity.problem}`);
  const subject = signInSubject(profile.nameID, identity.email);
  if ('problem' in subject) throw badRequest(`SAML response refused: ${subject.problem}`);
  return { requestId, ...identity, ...subject };
}
