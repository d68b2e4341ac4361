import type { Caller, Role } from '@dp/auth';
import { SitesEvents } from '@dp/events';
import { badRequest, notFound } from '@dp/http';
import type { SitesContext } from '../context';
import { findGroup, type SiteSectionGroupRow } from '../data/site-section-groups';
import { findSection, updateSection } from '../data/site-sections';
import { groupSiblingsOf } from '../data/sibling-positions';
import type { SiteRow } from '../data/sites';
import { SITE_WRITE } from '../domain/site-rules';
import { loadAuthorizedSite } from '../queries/load-site';
import { positionsAtEnd } from './place-in-order';
import { sectionEvent } from './site-structure';

/**
 * POST SITE/section-groups/{id}/sections: a section of the site (from the root or another group) goes last
 * into the group; already there, nothing changes.
 */
export async function addSectionToGroup(ctx: SitesContext, caller: Caller, organizationId: string, siteId: string, groupId: string, sectionId: string): Promise<{ group: SiteSectionGroupRow; site: SiteRow; role: Role }> {
  return ctx.db.transaction(async (trx) => {
    const { site, role } = await loadAuthorizedSite(trx, caller, organizationId, siteId, SITE_WRITE);
    const group = await findGroup(trx, site.id, groupId);
    if (!group) throw notFound('Site section group');
    const section = await findSection(trx, site.id, sectionId);
    if (!section) throw badRequest(`body.sectionId: site section ${sectionId} is not in this site`);
    if (section.section_group_id !== group.id) {
      const [position] = await positionsAtEnd(trx, await groupSiblingsOf(trx, group.id));
      await updateSection(trx, section.id, { section_group_id: group.id, position });
      await ctx.emit(trx, SitesEvents.SITE_SECTION_UPDATED, { ...sectionEvent(site, section.id), changed: ['sectionGroup'] }, site.id);
    }
    return { group, site, role };
  });
}
