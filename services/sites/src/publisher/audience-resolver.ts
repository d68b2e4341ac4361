import type { Knex } from 'knex';
import { findAdaptiveSchema } from '../data/adaptive-schemas';
import { findSitePublishingAuth } from '../data/site-publishing-auth';
import { isActiveShareKey } from '../data/share-links';
import type { SiteRow } from '../data/sites';
import { SHARE_KEY_MAX_LENGTH } from '../domain/share-link-rules';
import { cookieValues, SHARE_KEY_COOKIE, VISITOR_PUBLIC_COOKIE, VISITOR_TOKEN_COOKIE, buildCookie, type CookieScope } from './audience-cookies';
import { decideAudience, samePageLocation, SHARE_PARAM, TOKEN_PARAM, type AudienceFacts } from './audience-decision';
import type { AudienceDecision } from './audience';
import { refusalPage } from './audience-pages';
import { hasQueriedUnsignedClaims, unsignedClaims, visitorOf } from './visitor-claims';
import { verifyVisitorToken } from './visitor-token';

/** Cookies of one name read at most: a request cannot make the publisher verify an unbounded list. */
const MAX_COOKIES_TRIED = 3;

export interface AudienceRequest {
  /** The path and query the publisher received (`req.originalUrl`). */
  url: string;
  cookieHeader: string | undefined;
}

/**
 * The audience of a published site for one request (docs/adr/0041): checks what the request presents against
 * the database as it is now (share links and the site's signing key are read on every request, so a
 * deactivated link or a regenerated key takes effect on the next page), then decides with `decideAudience`
 * and builds the visitor whose claims the site's conditions are evaluated against.
 */
export async function resolveSiteAudience(db: Knex, site: SiteRow, request: AudienceRequest, scope: CookieScope, now: Date = new Date()): Promise<AudienceDecision> {
  const url = new URL(request.url, 'http://publisher.invalid');
  const query = url.searchParams;
  const adaptive = site.adaptive_content_enabled;
  const tokensMatter = site.visibility === 'visitor-auth' || adaptive;

  const facts: AudienceFacts = { visibility: site.visibility, adaptive, scope, query, fallbackURL: null, tokenCookieSent: false, now };
  if (site.visibility === 'share-link') await checkShareKeys(db, site.id, query, request.cookieHeader, facts);
  if (tokensMatter) await checkTokens(db, site, query, request.cookieHeader, facts);

  const outcome = decideAudience(facts);
  switch (outcome.kind) {
    case 'refuse': {
      const page = refusalPage(outcome.status);
      return { allowed: false, response: { status: outcome.status, headers: { ...page.headers, ...cookieHeaders(outcome.setCookies) }, body: page.body } };
    }
    case 'fallback':
      return { allowed: false, response: { status: 302, headers: { location: outcome.location, 'cache-control': 'no-store', ...cookieHeaders(outcome.setCookies) } } };
    case 'clean-url':
      return { allowed: false, response: { status: 302, headers: { location: samePageLocation(url.pathname, outcome.query), 'cache-control': 'no-store', ...cookieHeaders(outcome.setCookies) } } };
    case 'serve': {
      if (!adaptive) return { allowed: true, setCookies: outcome.setCookies };
      const schema = await findAdaptiveSchema(db, site.id);
      const unsigned = unsignedClaims(schema, cookieValues(request.cookieHeader, VISITOR_PUBLIC_COOKIE)[0], query);
      // Unsigned claims given in the URL are remembered for the next pages of the site.
      const remember = hasQueriedUnsignedClaims(schema, query) ? [buildCookie(VISITOR_PUBLIC_COOKIE, JSON.stringify(unsigned), scope)] : [];
      return { allowed: true, visitor: visitorOf(outcome.signedClaims, unsigned), setCookies: [...outcome.setCookies, ...remember] };
    }
  }
}

async function checkShareKeys(db: Knex, siteId: string, query: URLSearchParams, cookieHeader: string | undefined, facts: AudienceFacts): Promise<void> {
  const isActive = (key: string) => key.length > 0 && key.length <= SHARE_KEY_MAX_LENGTH && isActiveShareKey(db, siteId, key);
  const presented = query.get(SHARE_PARAM);
  if (presented !== null) facts.shareFromQuery = { key: presented, active: await isActive(presented) };
  if (facts.shareFromQuery?.active) return;
  const cookies = cookieValues(cookieHeader, SHARE_KEY_COOKIE).slice(0, MAX_COOKIES_TRIED);
  if (cookies.length === 0) return;
  let active = false;
  for (const key of cookies) if (!active) active = await isActive(key);
  facts.shareFromCookie = { active };
}

async function checkTokens(db: Knex, site: SiteRow, query: URLSearchParams, cookieHeader: string | undefined, facts: AudienceFacts): Promise<void> {
  const fromQuery = query.get(TOKEN_PARAM);
  const fromCookies = cookieValues(cookieHeader, VISITOR_TOKEN_COOKIE).slice(0, MAX_COOKIES_TRIED);
  facts.tokenCookieSent = fromCookies.length > 0;
  // A visitor-auth site needs its fallback URL even for a visitor with no token at all.
  if (fromQuery === null && fromCookies.length === 0 && site.visibility !== 'visitor-auth') return;
  const auth = await findSitePublishingAuth(db, site.id);
  facts.fallbackURL = auth?.fallback_url ?? null;
  const verify = (token: string) => verifyVisitorToken(token, auth?.private_key, facts.now);
  if (fromQuery !== null) {
    facts.tokenFromQuery = await verify(fromQuery);
    return;
  }
  for (const token of fromCookies) {
    const check = await verify(token);
    if (check.ok || !facts.tokenFromCookie) facts.tokenFromCookie = check;
    if (check.ok) return;
  }
}

/** `Set-Cookie` on a refusal or a redirect: one header line per cookie (browsers never split one line). */
function cookieHeaders(setCookies: string[]): Record<string, string[]> {
  return setCookies.length ? { 'set-cookie': setCookies } : {};
}
