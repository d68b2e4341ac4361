import type { Caller, Role } from '@dp/auth';
import { SitesEvents } from '@dp/events';
import { notFound } from '@dp/http';
import type { SitesContext } from '../context';
import { findSiteSpace, type SiteSpaceWithSpace } from '../data/site-spaces';
import { siblingKey, siteSpaceSiblingsOf } from '../data/sibling-positions';
import type { SiteRow } from '../data/sites';
import { SITE_WRITE } from '../domain/site-rules';
import { loadAuthorizedSite } from '../queries/load-site';
import type { MoveSiteSpaceBody } from '../schemas/site-spaces';
import { moveAmongSiblings } from './place-in-order';
import { siteSpaceEvent } from './site-structure';

/**
 * POST SITE/site-spaces/{id}/move: before and/or after a site space of the same section (or root); no
 * position: last there. A move to where it already is writes nothing.
 */
export async function moveSiteSpace(ctx: SitesContext, caller: Caller, organizationId: string, siteId: string, siteSpaceId: string, body: MoveSiteSpaceBody): Promise<{ siteSpace: SiteSpaceWithSpace; site: SiteRow; role: Role }> {
  return ctx.db.transaction(async (trx) => {
    const { site, role } = await loadAuthorizedSite(trx, caller, organizationId, siteId, SITE_WRITE);
    const siteSpace = await findSiteSpace(trx, site.id, siteSpaceId);
    if (!siteSpace) throw notFound('Site space');
    const { before, after } = body.position ?? {};
    const where = {
      ...(before ? { before: siblingKey('site-space', before.siteSpace) } : {}),
      ...(after ? { after: siblingKey('site-space', after.siteSpace) } : {}),
    };
    if (await moveAmongSiblings(trx, await siteSpaceSiblingsOf(trx, site.id, siteSpace.section_id), siblingKey('site-space', siteSpace.id), where)) {
      await ctx.emit(trx, SitesEvents.SITE_SPACE_UPDATED, { ...siteSpaceEvent(site, siteSpace), changed: ['position'] }, site.id);
    }
    return { siteSpace: (await findSiteSpace(trx, site.id, siteSpace.id))!, site, role };
  });
}
