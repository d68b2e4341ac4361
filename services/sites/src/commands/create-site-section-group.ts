import { requireUser, type Caller, type Role } from '@dp/auth';
import { newId } from '@dp/db';
import { SitesEvents } from '@dp/events';
import { badRequest } from '@dp/http';
import type { SitesContext } from '../context';
import { insertGroup, type SiteSectionGroupRow } from '../data/site-section-groups';
import { sectionsOf, updateSection } from '../data/site-sections';
import { rootSiblingsOf } from '../data/sibling-positions';
import type { SiteRow } from '../data/sites';
import { SITE_WRITE } from '../domain/site-rules';
import { loadAuthorizedSite } from '../queries/load-site';
import type { CreateGroupBody } from '../schemas/site-section-groups';
import { positionsAtEnd, positionsFor } from './place-in-order';
import { groupEvent, sectionEvent } from './site-structure';

/**
 * POST SITE/section-groups: a new group, last at the root of the site; the sections named (of this site,
 * wherever they were) move into it in the order given.
 */
export async function createSiteSectionGroup(ctx: SitesContext, caller: Caller, organizationId: string, siteId: string, input: CreateGroupBody): Promise<{ group: SiteSectionGroupRow; site: SiteRow; role: Role }> {
  return ctx.db.transaction(async (trx) => {
    const { site, role } = await loadAuthorizedSite(trx, caller, organizationId, siteId, SITE_WRITE);
    const userId = requireUser(caller);
    const sectionIds = input.sections ?? [];
    const sections = await sectionsOf(trx, site.id);
    sectionIds.forEach((id, i) => {
      if (!sections.some((s) => s.id === id)) throw badRequest(`body.sections[${i}]: site section ${id} is not in this site`);
    });
    const [position] = await positionsAtEnd(trx, await rootSiblingsOf(trx, site.id));
    const group = await insertGroup(trx, { id: newId(), site_id: site.id, title: input.title, icon: input.icon ?? null, position, created_by: userId });
    await ctx.emit(trx, SitesEvents.SITE_SECTION_GROUP_CREATED, { ...groupEvent(site, group.id), title: group.title }, site.id);
    const positions = await positionsFor(trx, [], 0, sectionIds.length);
    for (const [i, id] of sectionIds.entries()) {
      await updateSection(trx, id, { section_group_id: group.id, position: positions[i] });
      await ctx.emit(trx, SitesEvents.SITE_SECTION_UPDATED, { ...sectionEvent(site, id), changed: ['sectionGroup'] }, site.id);
    }
    return { group, site, role };
  });
}
