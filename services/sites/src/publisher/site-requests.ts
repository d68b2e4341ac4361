import type { Request } from 'express';
import type { PublisherConfig } from './config';
import { basePathOf, proxyMount, siteAddressOf } from './site-address';
import type { SiteView, SiteViews } from './site-views';

/**
 * The published site a request is for (docs/adr/0040): by a proxy's Host first, then by path. Undefined for
 * no site, an unknown one and one that is not published: all the same 404 to a reader.
 */
export interface SiteRequest {
  view: SiteView;
  /** URL path the visitor reached the site under: links and cookies stay under it. */
  mount: string;
  /** Absolute origin of the visitor's URL, for the sitemap. */
  origin: string;
  /** Segments after the mount (without `.md`). */
  segments: string[];
  markdown: boolean;
  secure: boolean;
  /** Where the site is published (its hostname, else its proxy, else its publisher address): canonical links and the sitemap use it. */
  canonicalBase: string;
}

/** The canonical URL of `href`, a path under the request's mount. */
export const canonicalOf = (found: Pick<SiteRequest, 'canonicalBase' | 'mount'>, href: string): string => `${found.canonicalBase}${href.slice(found.mount.length)}`;

function canonicalBaseOf(site: SiteView['site'], publicUrl: string): string {
  if (site.hostname) return `https://${site.hostname}`;
  if (site.proxy) return `https://${site.proxy}`;
  return `${new URL(publicUrl).origin}${basePathOf(publicUrl)}/${encodeURIComponent(site.organization_id)}/${encodeURIComponent(site.id)}`;
}

const firstValue = (header: string | undefined) => header?.split(',')[0]?.trim() || undefined;

export async function findSiteRequest(req: Request, views: SiteViews, config: PublisherConfig): Promise<SiteRequest | undefined> {
  const publicUrl = new URL(config.SITES_PUBLIC_URL);
  const host = firstValue(req.get('x-forwarded-host')) ?? req.get('host') ?? '';
  const secure = firstValue(req.get('x-forwarded-proto')) === 'https' || publicUrl.protocol === 'https:';
  const address = siteAddressOf({ host, path: req.path }, config.SITES_PUBLIC_URL);
  if (address.byHost) {
    const view = address.byHost.candidates.length ? await views.byProxy(address.byHost.candidates) : undefined;
    if (view?.site.proxy && view.site.published) {
      const { mount, segments } = proxyMount(view.site.proxy, address.byHost);
      return { view, mount, segments, markdown: address.byHost.markdown, secure: true, origin: `https://${address.byHost.host}`, canonicalBase: canonicalBaseOf(view.site, config.SITES_PUBLIC_URL) };
    }
    // A custom hostname (docs/adr/0091): the site at the root of the host.
    const hosted = await views.byHostname(address.byHost.host);
    if (hosted?.site.hostname && hosted.site.published) {
      return { view: hosted, mount: '', segments: address.byHost.segments, markdown: address.byHost.markdown, secure: true, origin: `https://${address.byHost.host}`, canonicalBase: canonicalBaseOf(hosted.site, config.SITES_PUBLIC_URL) };
    }
  }
  if (!address.byPath) return undefined;
  const view = await views.byId(address.byPath.organizationId, address.byPath.siteId);
  if (!view?.site.published) return undefined;
  return { view, mount: address.byPath.mount, segments: address.byPath.segments, markdown: address.byPath.markdown, secure, origin: publicUrl.origin, canonicalBase: canonicalBaseOf(view.site, config.SITES_PUBLIC_URL) };
}
