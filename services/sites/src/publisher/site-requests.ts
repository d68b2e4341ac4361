import type { Request } from 'express';
import type { PublisherConfig } from './config';
import { proxyMount, siteAddressOf } from './site-address';
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
}

const firstValue = (header: string | undefined) => header?.split(',')[0]?.trim() || undefined;

export async function findSiteRequest(req: Request, views: SiteViews, config: PublisherConfig): Promise<SiteRequest | undefined> {
  const publicUrl = new URL(config.SITES_PUBLIC_URL);
  const host = firstValue(req.get('x-forwarded-host')) ?? req.get('host') ?? '';
  const secure = firstValue(req.get('x-forwarded-proto')) === 'https' || publicUrl.protocol === 'https:';
  const address = siteAddressOf({ host, path: req.path }, config.SITES_PUBLIC_URL);
  if (address.byHost) {
    const view = await views.byProxy(address.byHost.candidates);
    if (view?.site.proxy && view.site.published) {
      const { mount, segments } = proxyMount(view.site.proxy, address.byHost);
      return { view, mount, segments, markdown: address.byHost.markdown, secure: true, origin: `https://${address.byHost.host}` };
    }
  }
  if (!address.byPath) return undefined;
  const view = await views.byId(address.byPath.organizationId, address.byPath.siteId);
  if (!view?.site.published) return undefined;
  return { view, mount: address.byPath.mount, segments: address.byPath.segments, markdown: address.byPath.markdown, secure, origin: publicUrl.origin };
}
