import { ValidateInResponseTo, type CacheProvider, type SamlConfig } from '@node-saml/node-saml';
import { SAML_CLOCK_SKEW_MS, SAML_REQUEST_TTL_MS, samlServiceUrls } from './saml-providers';

/**
 * How we use node-saml, in one place (docs/adr/0036); its defaults are not ours. A signed Response or Assertion
 * is enough (IdPs differ; node-saml still needs one valid signature and reads only what was signed); only answers
 * to a request we issued for this provider; no NameID format asked for (IdPs without an email NameID still
 * answer); no RequestedAuthnContext (the default makes some IdPs refuse MFA). node-saml checks neither
 * Destination nor Recipient: domain/saml-sign-in.ts does. Why each: docs/design/saml-single-sign-on.md.
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
