import type { Role } from '@dp/auth';
import type { Links } from '@dp/http';
import type { SiteSectionRow } from '../data/site-sections';
import type { SiteSpaceWithSpace } from '../data/site-spaces';
import type { SiteRow } from '../data/sites';
import { withShareKey } from '../domain/share-link-rules';
import { siteAddresses } from '../domain/site-rules';
import { sectionPublishedUrl } from '../domain/site-structure-rules';
import { presentSiteSpace } from './site-space';

export const siteSectionLocation = (links: Links, site: Pick<SiteRow, 'organization_id' | 'id'>, sectionId: string) =>
  links.api(`/orgs/${site.organization_id}/sites/${site.id}/sections/${sectionId}`);

/** A section with its site spaces in order (queries/site-structure.ts assembles them). */
export interface SectionWithSiteSpaces {
  section: SiteSectionRow;
  siteSpaces: SiteSpaceWithSpace[];
}

/**
 * SiteSection JSON with its site spaces; `urls.published` (with the share key, as for site spaces) once the
 * site is published. Optional fields only when set. No localized titles or drafts exist on this platform.
 */
export function presentSiteSection({ section, siteSpaces }: SectionWithSiteSpaces, site: SiteRow, role: Role | undefined, links: Links, shareKey?: string) {
  const url = sectionPublishedUrl(siteAddresses(site, links.sites).published, { path: section.path, isDefault: section.is_default });
  const published = url && shareKey ? withShareKey(url, shareKey) : url;
  return {
    object: 'site-section' as const,
    id: section.id,
    title: section.title,
    ...(section.description !== null ? { description: section.description } : {}),
    default: section.is_default,
    draft: false,
    path: section.path,
    ...(section.condition !== null ? { condition: section.condition } : {}),
    ...(section.section_group_id !== null ? { sectionGroup: section.section_group_id } : {}),
    siteSpaces: siteSpaces.map((s) => presentSiteSpace(s, site, role, links, shareKey)),
    urls: { ...(published ? { published } : {}) },
    ...(section.icon !== null ? { icon: section.icon } : {}),
  };
}
