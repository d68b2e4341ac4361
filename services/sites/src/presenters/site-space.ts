import type { Role } from '@dp/auth';
import type { Links } from '@dp/http';
import type { SiteSpaceWithSpace } from '../data/site-spaces';
import type { SiteRow } from '../data/sites';
import { withShareKey } from '../domain/share-link-rules';
import { siteAddresses, siteSpacePublishedUrl } from '../domain/site-rules';
import { presentSpaceCopy } from './space';

export const siteSpaceLocation = (links: Links, site: Pick<SiteRow, 'organization_id' | 'id'>, siteSpaceId: string) =>
  links.api(`/orgs/${site.organization_id}/sites/${site.id}/site-spaces/${siteSpaceId}`);

/**
 * SiteSpace JSON: the site space with the full Space it shows; with the key of an active share link of a
 * share-link site, `urls.published` carries that key (official: the share key "resolves published URLs"). No `section` (sites have no sections yet)
 * and no `condition` (none can be set yet).
 */
export function presentSiteSpace(siteSpace: SiteSpaceWithSpace, site: SiteRow, role: Role | undefined, links: Links, shareKey?: string) {
  const url = siteSpacePublishedUrl(siteAddresses(site, links.app).published, { path: siteSpace.path, isDefault: siteSpace.is_default });
  // `shareKey`: an active share link's key (checked by the caller): the URL a visitor of that link uses.
  const published = url && shareKey ? withShareKey(url, shareKey) : url;
  return {
    object: 'site-space' as const,
    id: siteSpace.id,
    path: siteSpace.path,
    space: presentSpaceCopy(siteSpace.space, role, links),
    // No per-site title override exists yet: a site space is titled like its space.
    title: siteSpace.space.title,
    default: siteSpace.is_default,
    // Draft site spaces do not exist on this platform yet: every site space is live.
    draft: false,
    // Advanced customization is not available on this platform: no space has it.
    hasAdvancedCustomizationFeature: false,
    urls: { ...(published ? { published } : {}) },
  };
}
