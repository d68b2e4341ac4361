import type { Knex } from 'knex';
import type { Emit } from '@dp/bus';
import type { Caller } from '@dp/auth';
import { SitesEvents } from '@dp/events';
import { notFound } from '@dp/http';
import type { SitesContext } from '../context';
import { findGroup } from '../data/site-section-groups';
import { findSection, updateSection, type SiteSectionRow } from '../data/site-sections';
import { rootSiblingsOf, siblingKey } from '../data/sibling-positions';
import type { SiteRow } from '../data/sites';
import { SITE_WRITE } from '../domain/site-rules';
import { loadAuthorizedSite } from '../queries/load-site';
import { positionsFor } from './place-in-order';
import { sectionEvent } from './site-structure';

/** Sections of a group back at the root of the site, right after the group, in their order. */
export async function returnToRoot(trx: Knex.Transaction, emit: Emit, site: Pick<SiteRow, 'id' | 'organization_id'>, groupId: string, sections: SiteSectionRow[]): Promise<void> {
  if (sections.length === 0) return;
  const root = await rootSiblingsOf(trx, site.id);
  const positions = await positionsFor(trx, root, root.findIndex((s) => s.key === siblingKey('group', groupId)) + 1, sections.length);
  for (const [i, section] of sections.entries()) {
    await updateSection(trx, section.id, { section_group_id: null, position: positions[i] });
    await emit(trx, SitesEvents.SITE_SECTION_UPDATED, { ...sectionEvent(site, section.id), changed: ['sectionGroup'] }, site.id);
  }
}

/**
 * DELETE SITE/section-groups/{id}/sections/{sectionId}: the section leaves the group for the root, right
 * after the group. False when it was not in the group (official 204); an unknown group is a 404.
 */
export async function removeSectionFromGroup(ctx: SitesContext, caller: Caller, organizationId: string, siteId: string, groupId: string, sectionId: string): Promise<boolean> {
  return ctx.db.transaction(async (trx) => {
    const { site } = await loadAuthorizedSite(trx, caller, organizationId, siteId, SITE_WRITE);
    const group = await findGroup(trx, site.id, groupId);
    if (!group) throw notFound('Site section group');
    const section = await findSection(trx, site.id, sectionId);
    if (!section || section.section_group_id !== group.id) return false;
    await returnToRoot(trx, ctx.emit, site, group.id, [section]);
    return true;
  });
}
