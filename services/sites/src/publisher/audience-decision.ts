import { buildCookie, clearCookie, SHARE_KEY_COOKIE, VISITOR_TOKEN_COOKIE, type CookieScope } from './audience-cookies';
import type { TokenCheck } from './visitor-token';

/**
 * Who may read a published site, decided from what the request presented once checked (docs/adr/0041). Pure:
 * share keys were looked up and tokens verified before; this decides and says which cookies to set or clear.
 * `share-link` needs an active key (else 403), `visitor-auth` a valid token (else the fallback URL, or 401); a
 * bad token where none is required leaves an adaptive site's visitor anonymous. A `share` or `jwt_token` used is
 * redirected out of the URL, out of the history and Referer. Details: docs/design/published-site-audiences.md.
 */

export const SHARE_PARAM = 'share';
export const TOKEN_PARAM = 'jwt_token';

export interface AudienceFacts {
  visibility: string;
  adaptive: boolean;
  scope: CookieScope;
  /** The query of the request (what is left of it is kept by a redirect). */
  query: URLSearchParams;
  /** The key of `?share=` and whether it is an active share key of the site. */
  shareFromQuery?: { key: string; active: boolean };
  /** Whether a share-key cookie was sent, and whether one of them is active. */
  shareFromCookie?: { active: boolean };
  /** `?jwt_token=` verified against the site's current key. */
  tokenFromQuery?: TokenCheck;
  /** The token cookie(s) verified when no `?jwt_token=` came: the first valid one, else the first failure. */
  tokenFromCookie?: TokenCheck;
  /** Whether a token cookie was sent at all (a bad `?jwt_token=` then deletes it). */
  tokenCookieSent: boolean;
  fallbackURL: string | null;
  now: Date;
}

export type AudienceOutcome =
  | { kind: 'serve'; signedClaims?: Record<string, unknown>; setCookies: string[] }
  /** Same page without the parameters used (`query` is what stays). */
  | { kind: 'clean-url'; query: URLSearchParams; setCookies: string[] }
  | { kind: 'refuse'; status: 401 | 403; setCookies: string[] }
  | { kind: 'fallback'; location: string; setCookies: string[] };

export function decideAudience(facts: AudienceFacts): AudienceOutcome {
  const setCookies: string[] = [];
  const used = new Set<string>();

  if (facts.visibility === 'share-link') {
    const { shareFromQuery, shareFromCookie } = facts;
    if (shareFromQuery) used.add(SHARE_PARAM);
    if (shareFromQuery?.active) {
      setCookies.push(buildCookie(SHARE_KEY_COOKIE, shareFromQuery.key, facts.scope));
    } else if (!shareFromCookie?.active) {
      // A deactivated or deleted link: its cookie goes too, and the site is refused from this request on.
      if (shareFromCookie) setCookies.push(clearCookie(SHARE_KEY_COOKIE, facts.scope));
      return { kind: 'refuse', status: 403, setCookies };
    }
  }

  let signedClaims: Record<string, unknown> | undefined;
  const required = facts.visibility === 'visitor-auth';
  if (required || facts.adaptive) {
    const refused = (): AudienceOutcome =>
      facts.fallbackURL ? { kind: 'fallback', location: facts.fallbackURL, setCookies } : { kind: 'refuse', status: 401, setCookies };
    const { tokenFromQuery, tokenFromCookie } = facts;
    if (tokenFromQuery) {
      used.add(TOKEN_PARAM);
      if (tokenFromQuery.ok) {
        signedClaims = tokenFromQuery.claims;
        const secondsLeft = (tokenFromQuery.expiresAt.getTime() - facts.now.getTime()) / 1000;
        setCookies.push(buildCookie(VISITOR_TOKEN_COOKIE, tokenFromQueryValue(facts), facts.scope, Math.max(1, secondsLeft)));
      } else {
        // A bad token replaces a good one: whoever sent it is not let in on an older cookie.
        if (facts.tokenCookieSent) setCookies.push(clearCookie(VISITOR_TOKEN_COOKIE, facts.scope));
        if (required) return refused();
      }
    } else if (tokenFromCookie?.ok) {
      signedClaims = tokenFromCookie.claims;
    } else {
      if (facts.tokenCookieSent) setCookies.push(clearCookie(VISITOR_TOKEN_COOKIE, facts.scope));
      if (required) return refused();
    }
  }

  if (used.size > 0) {
    const query = new URLSearchParams(facts.query);
    for (const name of used) query.delete(name);
    return { kind: 'clean-url', query, setCookies };
  }
  return { kind: 'serve', signedClaims, setCookies };
}

const tokenFromQueryValue = (facts: AudienceFacts) => facts.query.get(TOKEN_PARAM) ?? '';

/**
 * The `Location` of the same page with `query`: a reference relative to the page itself (its last path
 * segment, or `./` for a path ending in `/`), so it is right whatever host and path prefix the visitor
 * reached the site under (its own address, a proxy's, a custom hostname).
 */
export function samePageLocation(pathname: string, query: URLSearchParams): string {
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  const search = query.toString();
  return `./${last}${search ? `?${search}` : ''}`;
}
