/**
 * Rules of a site's redirects (docs/adr/0088): how a source path matches a reader's path, what the reader is sent
 * to and with which status, and what a tenant may store. Pure.
 */

/** Redirects one site may hold: each 404 of the site looks them up. */
export const MAX_REDIRECTS_PER_SITE = 5000;

/** The official SiteRedirectSourcePath: `/a/b`, or a prefix ending in `*` (`/a/*`, `/a*`). */
export const SOURCE_PATH_PATTERN = '^\\/(?!\\*)(?!.*\\*.+)(?:[A-Za-z0-9\\-._~+]|%[0-9A-Fa-f]{2})+(?:\\/(?:[A-Za-z0-9\\-._~+]|%[0-9A-Fa-f]{2})+)*(?:\\/\\*|\\*)?$';
export const SOURCE_PATH_MAX_LENGTH = 512;

/** What a source matches, as the publisher compares it: decoded, without its `*`. Undefined: not decodable. */
export function matchKey(source: string): { matchPath: string; wildcard: boolean } | undefined {
  const wildcard = source.endsWith('*');
  try {
    return { matchPath: decodeURIComponent(wildcard ? source.slice(0, -1) : source), wildcard };
  } catch {
    return undefined;
  }
}

export interface RedirectCandidate {
  matchPath: string;
  wildcard: boolean;
}

/**
 * The redirect a reader's decoded path (`/a/b`, relative to the site) follows: an exact source first, else the
 * wildcard source with the longest prefix. A trailing slash of the path is not part of it.
 */
export function bestMatch<T extends RedirectCandidate>(path: string, candidates: readonly T[]): T | undefined {
  const wanted = path.length > 1 ? path.replace(/\/+$/, '') : path;
  const exact = candidates.find((c) => !c.wildcard && c.matchPath === wanted);
  if (exact) return exact;
  return candidates.filter((c) => c.wildcard && wanted.startsWith(c.matchPath)).sort((a, b) => b.matchPath.length - a.matchPath.length)[0];
}

/** The part of the path a wildcard source matched (what `captureWildcard` appends to the destination). */
export const capturedSuffix = (path: string, candidate: RedirectCandidate): string => (candidate.wildcard ? path.slice(candidate.matchPath.length) : '');

/** The destination with the captured suffix: joined with one slash, and encoded as the path it becomes. */
export function withSuffix(destination: string, suffix: string): string {
  if (suffix === '') return destination;
  const [base, query] = splitQuery(destination);
  const encoded = suffix.split('/').map((segment) => encodeURIComponent(segment)).join('/');
  const joined = base.endsWith('/') && encoded.startsWith('/') ? `${base}${encoded.slice(1)}` : `${base}${encoded}`;
  return query === undefined ? joined : `${joined}?${query}`;
}

const splitQuery = (url: string): [string, string | undefined] => {
  const at = url.indexOf('?');
  return at < 0 ? [url, undefined] : [url.slice(0, at), url.slice(at + 1)];
};

/**
 * The official semantics of `permanent`: 308 for public live traffic, 307 anywhere else (a site behind an
 * audience, a share link); a temporary redirect is a 307.
 */
export const redirectStatus = (permanent: boolean, publicSite: boolean): 307 | 308 => (permanent && publicSite ? 308 : 307);

/** An external destination a reader may be sent to: absolute http(s). */
export const isSafeExternal = (url: string): boolean => /^https?:\/\//i.test(url) && URL.canParse(url);
