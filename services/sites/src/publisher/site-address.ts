/**
 * Which site a request is for (docs/adr/0040). Pure. `<page URL>.md` asks for the page's markdown.
 * - By path: `<base>/<organizationId>/<siteId>/<rest...>`, `<base>` being the path of SITES_PUBLIC_URL
 *   (present when a reverse proxy keeps it, absent when it strips it).
 * - By host: a site with a `proxy` (`company.com/docs`) is served to requests whose Host (or
 *   X-Forwarded-Host) is the proxy's domain, under the proxy's path; links then stay under that path. A site
 *   with a custom `hostname` is served at the root of that host (docs/adr/0091).
 */
export interface RequestedPath {
  /** The segments after the site's mount, decoded, without the `.md` suffix. */
  segments: string[];
  markdown: boolean;
}

export type PathAddress = { organizationId: string; siteId: string; mount: string } & RequestedPath;
export type HostAddress = { host: string; candidates: string[] } & RequestedPath;

/** The ways a request may name a site: by a proxy's host (tried first), by path, or both. */
export interface SiteAddress {
  byHost?: HostAddress;
  byPath?: PathAddress;
}

/** Segments of a URL path, decoded; undefined when one cannot be decoded or climbs (`..`). */
export function pathSegments(path: string): string[] | undefined {
  const out: string[] = [];
  for (const raw of path.split('/')) {
    if (raw === '') continue;
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return undefined;
    }
    if (segment === '.' || segment === '..' || segment.includes('/')) return undefined;
    out.push(segment);
  }
  return out;
}

/** Splits a trailing `.md` off the last segment: `<page URL>.md` is the page's markdown. */
export function requestedPath(segments: string[]): RequestedPath {
  const last = segments.at(-1);
  if (last && /\.md$/i.test(last) && last.length > 3) return { segments: [...segments.slice(0, -1), last.slice(0, -3)], markdown: true };
  return { segments, markdown: false };
}

/** `/sites` from `https://docs.example.com/sites/`; '' at the root. */
export const basePathOf = (publicUrl: string) => new URL(publicUrl).pathname.replace(/\/+$/, '');

/** How deep a proxy origin's path may be (`company.com/a/b/c/d/e`). */
const MAX_PROXY_DEPTH = 5;

/**
 * The address of a request. `publicUrl` is SITES_PUBLIC_URL: requests to another host (not a loopback one)
 * may be for a proxied site (`byHost.candidates`: the host followed by the first one to five segments,
 * longest first; the matching site's mount is the proxy's path) or a site's custom hostname, then by path.
 */
export function siteAddressOf(req: { host: string; path: string }, publicUrl: string): SiteAddress {
  const all = pathSegments(req.path);
  if (!all) return {};
  const host = req.host.toLowerCase().replace(/:\d+$/, '');
  const publicHost = new URL(publicUrl).hostname.toLowerCase();
  const address: SiteAddress = {};
  if (host && host !== publicHost && !/^(127\.0\.0\.1|localhost|\[::1\])$/.test(host)) {
    const candidates: string[] = [];
    for (let depth = Math.min(MAX_PROXY_DEPTH, all.length); depth >= 1; depth--) candidates.push(`${host}/${all.slice(0, depth).join('/')}`);
    address.byHost = { host, candidates, ...requestedPath(all) };
  }
  const basePath = basePathOf(publicUrl);
  const base = pathSegments(basePath) ?? [];
  const keptBase = base.length > 0 && base.every((segment, i) => all[i] === segment);
  const segments = keptBase ? all.slice(base.length) : all;
  if (segments.length < 2) return address;
  const [organizationId, siteId, ...rest] = segments;
  // `/<org>/<site>.md`: the markdown of the site's first page.
  const site = requestedPath([siteId]);
  const tail = site.markdown ? { segments: [], markdown: true } : requestedPath(rest);
  address.byPath = { organizationId, siteId: site.segments[0], mount: `${basePath}/${encodeURIComponent(organizationId)}/${encodeURIComponent(site.segments[0])}`, ...tail };
  return address;
}

/** For a site found by its proxy (`company.com/docs`): the mount (the proxy's path) and the segments after it. */
export function proxyMount(proxy: string, address: HostAddress): { mount: string; segments: string[] } {
  const proxySegments = proxy.split('/').slice(1);
  return { mount: `/${proxySegments.map(encodeURIComponent).join('/')}`, segments: address.segments.slice(proxySegments.length) };
}
