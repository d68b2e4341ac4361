import { ValidateInResponseTo, type CacheProvider, type SamlConfig } from '@node-saml/node-saml';
import { SAML_CLOCK_SKEW_MS, SAML_REQUEST_TTL_MS, samlServiceUrls } from './saml-providers';

/**
 * How we use node-saml, in one place (docs/adr/0036). Its defaults are not ours:
 * - `wantAuthnResponseSigned: false`, `wantAssertionsSigned: false`: identity providers differ in what they
 *   sign (the Assertion, the Response, or both). With both false node-saml still refuses a response unless the
 *   Response's signature or the Assertion's is valid against `idpCert`, and then reads only what was signed.
 * - `validateInResponseTo: always`, over our PostgreSQL cache: an answer must name a request we issued for this
 *   provider (no IdP-initiated sign-in, which could not be tied to a browser that asked for it).
 * - `audience`: our entity ID; `acceptedClockSkewMs`: a minute; requests live SAML_REQUEST_TTL_MS.
 * - `identifierFormat: null`: no NameIDPolicy format is asked for, so IdPs that cannot send an email NameID
 *   still answer (the email then comes from an attribute).
 * - `disableRequestedAuthnContext`: the IdP decides how people authenticate (password, MFA, passkeys);
 *   asking for PasswordProtectedTransport exactly, node-saml's default, makes some IdPs refuse MFA sign-ins.
 * node-saml checks neither Destination nor Recipient: the sign-in does (domain/saml-sign-in.ts).
 */
export function samlOptions(input: {
  publicUrl: string;
  providerId: string;
  ssoUrl: string;
  certificate: string;
  cacheProvider: CacheProvider;
}): SamlConfig {
  const ours = samlServiceUrls(input.publicUrl, input.providerId);
  return {
    issuer: ours.entityID,
    audience: ours.entityID,
    callbackUrl: ours.acsURL,
    entryPoint: input.ssoUrl,
    idpCert: input.certificate,
    wantAuthnResponseSigned: false,
    wantAssertionsSigned: false,
    validateInResponseTo: ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: SAML_REQUEST_TTL_MS,
    cacheProvider: input.cacheProvider,
    acceptedClockSkewMs: SAML_CLOCK_SKEW_MS,
    identifierFormat: null,
    disableRequestedAuthnContext: true,
    authnRequestBinding: 'HTTP-Redirect',
  };
}
