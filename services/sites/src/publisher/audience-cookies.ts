/**
 * The cookies a published site sets for its audience (docs/adr/0041), and reading them back. Every cookie is
 * scoped to the site's own path (`Path=<mount>`), HttpOnly, SameSite=Lax, and Secure when the visitor came
 * over https. Pure; unit-tested.
 */

/** The visitor's token (a JWT signed with the site's key), named as GitBook documents its signed cookie. */
export const VISITOR_TOKEN_COOKIE = 'gitbook-visitor-token';
/** Unsigned claims as JSON, named as GitBook documents its public cookie (a visitor's own app may set it). */
export const VISITOR_PUBLIC_COOKIE = 'gitbook-visitor-public';
/** The share key that opened a `share-link` site. */
export const SHARE_KEY_COOKIE = 'site-share-key';

export interface CookieScope {
  /** The URL path the site is mounted at, e.g. `/<organizationId>/<siteId>` or a proxy's path. */
  path: string;
  /** Whether the visitor's URL is https (the cookie is then Secure, never sent over http). */
  secure: boolean;
}

/** A cookie path: the mount without a trailing slash (`/` for a site at the root of its host). */
const cookiePath = (mount: string) => (mount.replace(/\/+$/, '') || '/').replace(/[;\s]/g, '');

/** A `Set-Cookie` value. `maxAgeSeconds` undefined: a session cookie; 0: delete it. */
export function buildCookie(name: string, value: string, scope: CookieScope, maxAgeSeconds?: number): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, `Path=${cookiePath(scope.path)}`, 'HttpOnly', 'SameSite=Lax'];
  if (maxAgeSeconds !== undefined) parts.push(`Max-Age=${Math.max(0, Math.floor(maxAgeSeconds))}`);
  if (scope.secure) parts.push('Secure');
  return parts.join('; ');
}

/** A `Set-Cookie` value that deletes the cookie of that name in that scope. */
export const clearCookie = (name: string, scope: CookieScope): string => buildCookie(name, '', scope, 0);

/**
 * Every value the `Cookie` header carries under `name`, most specific path first (the order browsers send
 * them), decoded. A cookie of the same name set by a wider path (e.g. the visitor's app on the whole domain)
 * comes after the site's own. Values that do not decode are skipped.
 */
export function cookieValues(header: string | undefined, name: string): string[] {
  if (!header) return [];
  const values: string[] = [];
  for (const pair of header.split(';')) {
    const at = pair.indexOf('=');
    if (at < 0 || pair.slice(0, at).trim() !== name) continue;
    const raw = pair.slice(at + 1).trim().replace(/^"(.*)"$/, '$1');
    try {
      values.push(decodeURIComponent(raw));
    } catch {
      // not percent-encoded text: not one of ours
    }
  }
  return values;
}
