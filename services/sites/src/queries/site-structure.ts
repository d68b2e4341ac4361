import type { Knex } from 'knex';
import { inSnapshot } from '@dp/db';
import { type ListParams, type Page } from '@dp/http';
import { type SiteWithCounts } from '../data/sites';
import { listGroups } from '../data/site-section-groups';
import { listSections } from '../data/site-sections';
import { activeShareKey } from './share-key';
import { groupsOf, type SiteSectionGroupRow } from '../data/site-section-groups';
import { sectionsOf, type SiteSectionRow } from '../data/site-sections';
import { siteSpacesOfSections, siteSpacesWithSpaceOf, type SiteSpaceWithSpace } from '../data/site-spaces';
import type { GroupWithSections } from '../presenters/site-section-group';
import type { SectionWithSiteSpaces } from '../presenters/site-section';
import type { Caller, Role } from '@dp/auth';
import { SITE_READ } from '../domain/site-rules';
import { loadViewableSite } from './load-site';

/**
 * Read models of a site's structure (docs/adr/0038), for the section and group endpoints and for the
 * published profile: sections with their site spaces in order, groups with their sections.
 */

/** Each section with its site spaces in order (one query for all of them). */
export async function withSiteSpaces(db: Knex, siteId: string, sections: SiteSectionRow[]): Promise<SectionWithSiteSpaces[]> {
  if (sections.length === 0) return [];
  const siteSpaces = await siteSpacesOfSections(db, siteId, sections.map((s) => s.id));
  return sections.map((section) => ({ section, siteSpaces: siteSpaces.filter((s) => s.section_id === section.id) }));
}

/** Each group with its sections (in order, each with its site spaces). */
export async function withSections(db: Knex, siteId: string, groups: SiteSectionGroupRow[]): Promise<GroupWithSections[]> {
  if (groups.length === 0) return [];
  const sections = await withSiteSpaces(db, siteId, (await sectionsOf(db, siteId)).filter((s) => s.section_group_id !== null && groups.some((g) => g.id === s.section_group_id)));
  return groups.map((group) => ({ group, sections: sections.filter((s) => s.section.section_group_id === group.id) }));
}

export async function loadSection(db: Knex, siteId: string, section: SiteSectionRow): Promise<SectionWithSiteSpaces> {
  return (await withSiteSpaces(db, siteId, [section]))[0];
}

export async function loadGroup(db: Knex, siteId: string, group: SiteSectionGroupRow): Promise<GroupWithSections> {
  return (await withSections(db, siteId, [group]))[0];
}

/** One item at the root of a sectioned site: an ungrouped section, or a group with its sections. */
export type StructureItem = ({ kind: 'section' } & SectionWithSiteSpaces) | ({ kind: 'group' } & GroupWithSections);

/**
 * The whole structure of a site in order: its root items when it has sections (or groups), otherwise its
 * site spaces (`urls.published` and the published profile build on it).
 */
export type SiteStructure = { type: 'sections'; items: StructureItem[] } | { type: 'siteSpaces'; siteSpaces: SiteSpaceWithSpace[] };

export async function loadSiteStructure(db: Knex, siteId: string): Promise<SiteStructure> {
  // One after the other: `db` is often a transaction (one connection, docs/adr/0053), where queries do not overlap.
  const sections = await sectionsOf(db, siteId);
  const groups = await groupsOf(db, siteId);
  if (sections.length === 0 && groups.length === 0) {
    return { type: 'siteSpaces', siteSpaces: await siteSpacesWithSpaceOf(db, siteId) };
  }
  const full = await withSiteSpaces(db, siteId, sections);
  const root: Array<{ position: number; seq: string; item: StructureItem }> = [
    ...full.filter((s) => s.section.section_group_id === null).map((s) => ({ position: s.section.position, seq: s.section.seq, item: { kind: 'section' as const, ...s } })),
    ...groups.map((group) => ({
      position: group.position,
      seq: group.seq,
      item: { kind: 'group' as const, group, sections: full.filter((s) => s.section.section_group_id === group.id) },
    })),
  ];
  root.sort((a, b) => a.position - b.position || Number(a.seq) - Number(b.seq));
  return { type: 'sections', items: root.map((r) => r.item) };
}

/** The ids of every site space of the structure, in order. */
export const siteSpaceIdsOf = (structure: SiteStructure): string[] =>
  structure.type === 'siteSpaces'
    ? structure.siteSpaces.map((s) => s.id)
    : structure.items.flatMap((item) => (item.kind === 'section' ? [item] : item.sections)).flatMap((section) => section.siteSpaces.map((s) => s.id));

/**
 * `GET .../sections`: the site, a page of its sections with their site spaces, and the share key it accepts, in
 * one snapshot (docs/adr/0053): the sites worker removes a deleted space's site spaces, an emptied section and
 * moves the default in one transaction, and reads on either side of it would pair a section with site spaces
 * it no longer has.
 */
export function readSectionsPage(
  db: Knex,
  caller: Caller,
  organizationId: string,
  siteId: string,
  params: ListParams & { shareKey?: string },
): Promise<{ site: SiteWithCounts; role: Role; page: Page<SectionWithSiteSpaces>; shareKey?: string }> {
  return inSnapshot(db, async (trx) => {
    const { site, role } = await loadViewableSite(trx, caller, organizationId, siteId, SITE_READ);
    const page = await listSections(trx, site.id, params);
    const items = await withSiteSpaces(trx, site.id, page.items);
    return { site, role, page: { ...page, items }, shareKey: await activeShareKey(trx, site, params.shareKey) };
  });
}

/** `GET .../section-groups`: the site and a page of its groups with their sections, in one snapshot (as above). */
export function readGroupsPage(db: Knex, caller: Caller, organizationId: string, siteId: string, params: ListParams): Promise<{ site: SiteWithCounts; role: Role; page: Page<GroupWithSections> }> {
  return inSnapshot(db, async (trx) => {
    const { site, role } = await loadViewableSite(trx, caller, organizationId, siteId, SITE_READ);
    const page = await listGroups(trx, site.id, params);
    return { site, role, page: { ...page, items: await withSections(trx, site.id, page.items) } };
  });
}
