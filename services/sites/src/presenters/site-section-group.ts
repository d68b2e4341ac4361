import type { Role } from '@dp/auth';
import type { Links } from '@dp/http';
import type { SiteSectionGroupRow } from '../data/site-section-groups';
import type { SiteRow } from '../data/sites';
import { presentSiteSection, type SectionWithSiteSpaces } from './site-section';

export const siteSectionGroupLocation = (links: Links, site: Pick<SiteRow, 'organization_id' | 'id'>, groupId: string) =>
  links.api(`/orgs/${site.organization_id}/sites/${site.id}/section-groups/${groupId}`);

/** A group with its sections in order, each with its site spaces. */
export interface GroupWithSections {
  group: SiteSectionGroupRow;
  sections: SectionWithSiteSpaces[];
}

/**
 * SiteSectionGroup JSON: `sections` (official, deprecated) and `children` both list its sections in order;
 * groups do not nest and external links do not exist on this platform, so the two are the same list.
 */
export function presentSiteSectionGroup({ group, sections }: GroupWithSections, site: SiteRow, role: Role | undefined, links: Links, shareKey?: string) {
  const presented = sections.map((s) => presentSiteSection(s, site, role, links, shareKey));
  return {
    object: 'site-section-group' as const,
    id: group.id,
    title: group.title,
    draft: false,
    sections: presented,
    children: presented,
    ...(group.icon !== null ? { icon: group.icon } : {}),
  };
}

/**
 * The group as the release that has the add-a-section operation (0.167.0, the only one with it) shapes it:
 * groups, sections and site spaces had no `draft` field then (it is always false here anyway).
 */
export function presentSiteSectionGroupBeforeDrafts(groupWithSections: GroupWithSections, site: SiteRow, role: Role | undefined, links: Links) {
  const { draft: _draft, sections, children: _children, ...group } = presentSiteSectionGroup(groupWithSections, site, role, links);
  const before = sections.map(({ draft: _sectionDraft, siteSpaces, ...section }) => ({ ...section, siteSpaces: siteSpaces.map(({ draft: _siteSpaceDraft, ...siteSpace }) => siteSpace) }));
  return { ...group, sections: before, children: before };
}
