import type { Caller, Role } from '@dp/auth';
import { SitesEvents } from '@dp/events';
import { notFound } from '@dp/http';
import type { SitesContext } from '../context';
import { findGroup, updateGroup, type SiteSectionGroupRow } from '../data/site-section-groups';
import type { SiteRow } from '../data/sites';
import { SITE_WRITE } from '../domain/site-rules';
import { loadAuthorizedSite } from '../queries/load-site';
import type { UpdateGroupBody } from '../schemas/site-section-groups';
import { groupEvent } from './site-structure';

/** PATCH SITE/section-groups/{id}: its title and icon (null removes the icon). */
export async function updateSiteSectionGroup(ctx: SitesContext, caller: Caller, organizationId: string, siteId: string, groupId: string, patch: UpdateGroupBody): Promise<{ group: SiteSectionGroupRow; site: SiteRow; role: Role }> {
  return ctx.db.transaction(async (trx) => {
    const { site, role } = await loadAuthorizedSite(trx, caller, organizationId, siteId, SITE_WRITE);
    const group = await findGroup(trx, site.id, groupId);
    if (!group) throw notFound('Site section group');
    await updateGroup(trx, group.id, { ...(patch.title !== undefined ? { title: patch.title } : {}), ...(patch.icon !== undefined ? { icon: patch.icon } : {}) });
    await ctx.emit(trx, SitesEvents.SITE_SECTION_GROUP_UPDATED, { ...groupEvent(site, group.id), changed: Object.keys(patch) }, site.id);
    return { group: (await findGroup(trx, site.id, group.id))!, site, role };
  });
}
