import { randomBytes } from 'node:crypto';
import { SAML } from '@node-saml/node-saml';
import { conflict, notFound } from '@dp/http';
import type { IdentityContext } from '../context';
import { findSamlProviderById } from '../data/saml-providers';
import { samlRequestCache } from '../data/saml-request-cache';
import { purgeExpiredSamlRequests } from '../data/saml-requests';
import { samlOptions } from '../domain/saml-options';
import { configuredIdp, SAML_REQUEST_TTL_MS } from '../domain/saml-providers';

/**
 * A browser starts signing in with a provider: we issue an AuthnRequest (its id and a random RelayState kept in
 * saml_requests until answered or expired) and return the identity provider's URL carrying it (HTTP-Redirect
 * binding). 404 for an unknown provider, 409 for one not configured yet.
 */
export async function startSamlSignIn(ctx: IdentityContext, samlProviderId: string): Promise<string> {
  const provider = await findSamlProviderById(ctx.db, samlProviderId);
  if (!provider) throw notFound('SAML provider');
  const idp = configuredIdp(provider);
  if (!idp) throw conflict('This SAML provider is not configured yet: its entityID, ssoURL and certificate must all be set');
  await purgeExpiredSamlRequests(ctx.db);
  const relayState = randomBytes(24).toString('base64url');
  const cacheProvider = samlRequestCache(ctx.db, provider.id, { relayState, ttlMs: SAML_REQUEST_TTL_MS });
  const saml = new SAML(samlOptions({ publicUrl: ctx.config.PUBLIC_URL, providerId: provider.id, ssoUrl: idp.ssoUrl, certificate: idp.certificate, cacheProvider }));
  return saml.getAuthorizeUrlAsync(relayState, undefined, {});
}
