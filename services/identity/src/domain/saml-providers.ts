import { X509Certificate } from 'node:crypto';
import { isRole, type Role } from '@dp/auth';

/** How long a sign-in started at `startURL` may take to come back to `acsURL`: long enough to type a password and pass MFA. */
export const SAML_REQUEST_TTL_MS = 10 * 60_000;

/**
 * Clock difference tolerated between the identity provider and us on the assertion's time window
 * (NotBefore, NotOnOrAfter): a minute, so a slightly fast or slow IdP clock does not lock people out.
 */
export const SAML_CLOCK_SKEW_MS = 60_000;

/**
 * How long a token issued by a SAML sign-in works: a browser sign-in is a session, and every sign-in issues a
 * new token, so they must not pile up for ever (the identity provider decides again at the next sign-in).
 */
export const SSO_TOKEN_LIFETIME_MS = 30 * 86_400_000;

/** The label of a token a sign-in issued, so its owner can tell it apart in their token list (at most 64 characters, as a token label). */
export const ssoTokenLabel = (providerLabel: string) => `SAML sign-in (${providerLabel})`.slice(0, 64);

export type SamlProviderStatus = 'active' | 'pending';

type IdpFields = { entity_id: string | null; sso_url: string | null; certificate: string | null };

/** The identity provider a provider row is configured with, or undefined while any of its three fields is missing. */
export function configuredIdp(provider: IdpFields): { entityId: string; ssoUrl: string; certificate: string } | undefined {
  const { entity_id: entityId, sso_url: ssoUrl, certificate } = provider;
  return entityId && ssoUrl && certificate ? { entityId, ssoUrl, certificate } : undefined;
}

/** A provider signs people in only once it knows its identity provider: issuer, sign-in URL and signing certificate. */
export function samlProviderStatus(provider: IdpFields): SamlProviderStatus {
  return configuredIdp(provider) ? 'active' : 'pending';
}

/**
 * Our side of a provider (the service provider), under the gateway's public base URL: where a browser starts a
 * sign-in, where the identity provider posts its answer, and our entity ID, which is also the URL of our
 * metadata (so an administrator can paste one URL into their IdP).
 */
export function samlServiceUrls(publicUrl: string, samlProviderId: string): { acsURL: string; startURL: string; entityID: string } {
  const base = `${publicUrl.replace(/\/+$/, '')}/sso/saml/${encodeURIComponent(samlProviderId)}`;
  return { acsURL: `${base}/acs`, startURL: `${base}/start`, entityID: `${base}/metadata` };
}

/**
 * Where a provider may send browsers: https, or plain http on a host the deployment allows
 * (SAML_ALLOWED_HTTP_HOSTS, empty by default: an identity provider reached over http would let anyone on the
 * path read and replay the AuthnRequest). Returns a problem naming the field, or undefined.
 */
export function ssoUrlProblem(url: string, allowedHttpHosts: readonly string[]): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'body.ssoURL must be a URL';
  }
  if (parsed.protocol === 'https:') return undefined;
  if (parsed.protocol === 'http:' && allowedHttpHosts.includes(parsed.hostname)) return undefined;
  return `body.ssoURL must be an https URL${allowedHttpHosts.length ? ` (http only on ${allowedHttpHosts.join(', ')})` : ''}`;
}

/**
 * The identity provider's signing certificate must be one X.509 certificate in PEM form (what IdPs show in
 * their SAML settings); it is what every response's signature is checked against. Returns a problem naming
 * the field, or undefined.
 */
export function certificateProblem(pem: string): string | undefined {
  const blocks = pem.match(/-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/g) ?? [];
  if (blocks.length !== 1) return 'body.certificate must be one X.509 certificate in PEM form (-----BEGIN CERTIFICATE----- ... -----END CERTIFICATE-----)';
  if (pem.replace(blocks[0], '').trim() !== '') return 'body.certificate must hold the certificate only (no private key or other text)';
  try {
    new X509Certificate(blocks[0]);
    return undefined;
  } catch (err) {
    return `body.certificate is not a valid X.509 certificate: ${err instanceof Error ? err.message : String(err)}`;
  }
}

/**
 * The role people signing in through a provider get when its creator did not say: the organization's own
 * `defaultRole` at that moment (null: guests), the role plain email invites get too. A stored value that is no
 * role counts as guest, the least access.
 */
export function defaultSamlRole(bodyRole: Role | null | undefined, organizationDefault: string | null): Role | null {
  if (bodyRole !== undefined) return bodyRole;
  return isRole(organizationDefault) ? organizationDefault : null;
}
