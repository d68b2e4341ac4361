import type { Role } from '@dp/auth';
import type { Links } from '@dp/http';
import type { SiteSpaceWithSpace } from '../data/site-spaces';
import type { SiteRow } from '../data/sites';
import { withShareKey } from '../domain/share-link-rules';
import { siteAddresses, siteSpacePublishedUrl } from '../domain/site-rules';
import { sectionPublishedUrl } from '../domain/site-structure-rules';
import { presentSpaceCopy } from './space';

export const siteSpaceLocation = (links: Links, site: Pick<SiteRow, 'organization_id' | 'id'>, siteSpaceId: string) =>
  links.api(`/orgs/${site.organization_id}/sites/${site.id}/site-spaces/${siteSpaceId}`);

/**
 * SiteSpace JSON: the site space with the full Space it shows; with the key of an active share link of a
 * share-link site, `urls.published` carries that key (official: the share key "resolves published URLs").
 * `default`: the default site space of its section (of the site, at the root; docs/adr/0038). `section` and
 * `condition` only when it has them.
 */
export function presentSiteSpace(siteSpace: SiteSpaceWithSpace, site: SiteRow, role: Role | undefined, links: Links, shareKey?: string) {
  const sitePublished = siteAddresses(site, links.sites).published;
  const base = siteSpace.section_path === null ? sitePublished : sectionPublishedUrl(sitePublished, { path: siteSpace.section_path, isDefault: siteSpace.section_is_default === true });
  const url = siteSpacePublishedUrl(base, { path: siteSpace.path, isDefault: siteSpace.is_default });
  // `shareKey`: an active share link's key (checked by the caller): the URL a visitor of that link uses.
  const published = url && shareKey ? withShareKey(url, shareKey) : url;
  return {
    object: 'site-space' as const,
    id: siteSpace.id,
    path: siteSpace.path,
    ...(siteSpace.section_id ? { section: siteSpace.section_id } : {}),
    space: presentSpaceCopy(siteSpace.space, role, links),
    // No per-site title override exists yet: a site space is titled like its space.
    title: siteSpace.space.title,
    default: siteSpace.is_default,
    ...(siteSpace.condition !== null ? { condition: siteSpace.condition } : {}),
    // Draft site spaces do not exist on this platform yet: every site space is live.
    draft: false,
    // Advanced customization is not available on this platform: no space has it.
    hasAdvancedCustomizationFeature: false,
    urls: { ...(published ? { published } : {}) },
  };
}
