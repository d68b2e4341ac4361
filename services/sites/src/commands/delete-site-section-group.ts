import type { Caller } from '@dp/auth';
import { SitesEvents } from '@dp/events';
import type { SitesContext } from '../context';
import { deleteGroupRow, findGroup } from '../data/site-section-groups';
import { sectionsInGroup } from '../data/site-sections';
import { SITE_WRITE } from '../domain/site-rules';
import { loadAuthorizedSite } from '../queries/load-site';
import { groupEvent } from './site-structure';
import { returnToRoot } from './remove-section-from-group';

/**
 * DELETE SITE/section-groups/{id}: the group goes, its sections go back to the root of the site where the
 * group was, in their order (they are not deleted). False when the site has no such group (official 204).
 */
export async function deleteSiteSectionGroup(ctx: SitesContext, caller: Caller, organizationId: string, siteId: string, groupId: string): Promise<boolean> {
  return ctx.db.transaction(async (trx) => {
    const { site } = await loadAuthorizedSite(trx, caller, organizationId, siteId, SITE_WRITE);
    const group = await findGroup(trx, site.id, groupId);
    if (!group) return false;
    await returnToRoot(trx, ctx.emit, site, group.id, await sectionsInGroup(trx, group.id));
    await deleteGroupRow(trx, group.id);
    await ctx.emit(trx, SitesEvents.SITE_SECTION_GROUP_DELETED, groupEvent(site, group.id), site.id);
    return true;
  });
}
