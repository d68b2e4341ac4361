import type { Knex } from 'knex';
import type { Emit } from '@dp/bus';
import { newId } from '@dp/db';
import { SitesEvents } from '@dp/events';
import { deleteSectionRow, insertSection, sectionsOf, setDefaultSection, type SiteSectionRow } from '../data/site-sections';
import { findSiteSpace, moveRootSiteSpacesInto, setDefaultSiteSpace, siteSpacesIn, type SiteSpaceRow } from '../data/site-spaces';
import { rootSiblingsOf } from '../data/sibling-positions';
import type { SiteRow } from '../data/sites';
import { afterSectionRemoval, chooseDefault, sectionPath, sectionTitle } from '../domain/site-structure-rules';
import { positionsAtEnd } from './place-in-order';

/**
 * Steps the structure commands and the space-deletion handler share (docs/adr/0038). Each runs in the
 * caller's transaction, which holds the site's row lock, and announces what it changes through `emit`.
 */

type Site = Pick<SiteRow, 'id' | 'organization_id'>;

/** The data of the sites.site-space.* events of a site space. */
export const siteSpaceEvent = (site: Site, s: Pick<SiteSpaceRow, 'id' | 'space_id' | 'section_id'>) => ({
  siteSpaceId: s.id,
  siteId: site.id,
  organizationId: site.organization_id,
  spaceId: s.space_id,
  siteSectionId: s.section_id,
});

export const sectionEvent = (site: Site, sectionId: string) => ({ siteSectionId: sectionId, siteId: site.id, organizationId: site.organization_id });

/**
 * A site getting its first section: its site spaces (all at the root) move, in their order and with their
 * default, into a default section titled after the default site space's space. A site without site spaces
 * gets no such section (the new one will be the default). Returns the section made, if any.
 */
export async function moveRootIntoDefaultSection(trx: Knex.Transaction, emit: Emit, site: Site, userId: string): Promise<SiteSectionRow | undefined> {
  const root = await siteSpacesIn(trx, site.id, null);
  const defaultId = chooseDefault(root.map((s) => ({ id: s.id, isDefault: s.is_default })));
  if (!defaultId) return undefined;
  const defaultSiteSpace = (await findSiteSpace(trx, site.id, defaultId))!;
  const title = sectionTitle(undefined, defaultSiteSpace.space.title);
  const [position] = await positionsAtEnd(trx, await rootSiblingsOf(trx, site.id));
  const section = await insertSection(trx, {
    id: newId(),
    site_id: site.id,
    section_group_id: null,
    title,
    description: null,
    icon: null,
    path: sectionPath(title, new Set()),
    condition: null,
    is_default: true,
    position,
    created_by: userId,
  });
  await emit(trx, SitesEvents.SITE_SECTION_CREATED, { ...sectionEvent(site, section.id), title: section.title, path: section.path, default: true }, site.id);
  const moved = await moveRootSiteSpacesInto(trx, site.id, section.id);
  for (const s of moved) await emit(trx, SitesEvents.SITE_SPACE_UPDATED, { ...siteSpaceEvent(site, { ...s, section_id: section.id }), changed: ['section'] }, site.id);
  return section;
}

/**
 * Removes a section with its site spaces (each announced). The default section is never left undefined:
 * when it goes, the first remaining section in structure order becomes the default; when it was the last
 * section, the site has no sections any more.
 */
export async function removeSection(trx: Knex.Transaction, emit: Emit, site: Site, section: SiteSectionRow): Promise<void> {
  const sections = await sectionsOf(trx, site.id);
  const siteSpaces = await siteSpacesIn(trx, site.id, section.id);
  await deleteSectionRow(trx, section.id);
  for (const s of siteSpaces) await emit(trx, SitesEvents.SITE_SPACE_DELETED, siteSpaceEvent(site, s), site.id);
  await emit(trx, SitesEvents.SITE_SECTION_DELETED, sectionEvent(site, section.id), site.id);
  const after = afterSectionRemoval(sections.map((s) => ({ id: s.id, isDefault: s.is_default })), section.id);
  if (after.kind === 'sections-remain' && after.nextDefault) {
    await setDefaultSection(trx, site.id, after.nextDefault);
    await emit(trx, SitesEvents.SITE_SECTION_UPDATED, { ...sectionEvent(site, after.nextDefault), changed: ['default'] }, site.id);
  }
}

/** After site spaces left a section (null: the root), its first remaining one becomes its default if it has none. */
export async function keepSiteSpaceDefault(trx: Knex.Transaction, emit: Emit, site: Site, sectionId: string | null): Promise<void> {
  const remaining = await siteSpacesIn(trx, site.id, sectionId);
  const next = chooseDefault(remaining.map((s) => ({ id: s.id, isDefault: s.is_default })));
  const chosen = remaining.find((s) => s.id === next);
  if (!chosen || chosen.is_default) return;
  await setDefaultSiteSpace(trx, site.id, chosen.id);
  await emit(trx, SitesEvents.SITE_SPACE_UPDATED, { ...siteSpaceEvent(site, chosen), changed: ['default'] }, site.id);
}

export const groupEvent = (site: Site, groupId: string) => ({ siteSectionGroupId: groupId, siteId: site.id, organizationId: site.organization_id });
