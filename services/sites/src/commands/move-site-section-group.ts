import type { Caller, Role } from '@dp/auth';
import { SitesEvents } from '@dp/events';
import { notFound } from '@dp/http';
import type { SitesContext } from '../context';
import { findGroup, type SiteSectionGroupRow } from '../data/site-section-groups';
import { rootSiblingsOf, siblingKey } from '../data/sibling-positions';
import type { SiteRow } from '../data/sites';
import { SITE_WRITE } from '../domain/site-rules';
import { loadAuthorizedSite } from '../queries/load-site';
import type { MoveGroupBody } from '../schemas/site-section-groups';
import { moveAmongSiblings } from './place-in-order';
import { groupEvent } from './site-structure';

type Pointer = { type: 'site-section' | 'site-section-group'; id: string };
const keyOf = (p: Pointer) => siblingKey(p.type === 'site-section' ? 'section' : 'group', p.id);

/**
 * POST SITE/section-groups/{id}/move: before and/or after a section or group at the root of the site; no
 * position: last. A move to where it already is writes nothing.
 */
export async function moveSiteSectionGroup(ctx: SitesContext, caller: Caller, organizationId: string, siteId: string, groupId: string, body: MoveGroupBody): Promise<{ group: SiteSectionGroupRow; site: SiteRow; role: Role }> {
  return ctx.db.transaction(async (trx) => {
    const { site, role } = await loadAuthorizedSite(trx, caller, organizationId, siteId, SITE_WRITE);
    const group = await findGroup(trx, site.id, groupId);
    if (!group) throw notFound('Site section group');
    const { before, after } = body.position ?? {};
    const where = { ...(before ? { before: keyOf(before) } : {}), ...(after ? { after: keyOf(after) } : {}) };
    if (await moveAmongSiblings(trx, await rootSiblingsOf(trx, site.id), siblingKey('group', group.id), where)) {
      await ctx.emit(trx, SitesEvents.SITE_SECTION_GROUP_UPDATED, { ...groupEvent(site, group.id), changed: ['position'] }, site.id);
    }
    return { group: (await findGroup(trx, site.id, group.id))!, site, role };
  });
}
