import { iso, type Links } from '@dp/http';
import type { ShareLinkRow } from '../data/share-links';
import type { SiteRow } from '../data/sites';
import { shareLinkPublishedUrl } from '../domain/share-link-rules';
import { siteLocation } from './site';

export const shareLinkLocation = (links: Links, site: Pick<SiteRow, 'organization_id' | 'id'>, shareLinkId: string) =>
  `${siteLocation(links, site)}/share-links/${shareLinkId}`;

/** ShareLink JSON. The key is never a field of its own: it is the secret part of `urls.published`. */
export function presentShareLink(link: ShareLinkRow, site: Pick<SiteRow, 'id' | 'organization_id' | 'proxy' | 'published'>, links: Links) {
  return {
    object: 'share-link' as const,
    id: link.id,
    createdAt: iso(link.created_at)!,
    name: link.name,
    active: link.active,
    urls: { published: shareLinkPublishedUrl(site, link.key, links.sites) },
  };
}
