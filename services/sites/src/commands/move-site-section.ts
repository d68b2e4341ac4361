import type { Caller, Role } from '@dp/auth';
import { SitesEvents } from '@dp/events';
import { notFound } from '@dp/http';
import type { SitesContext } from '../context';
import { findSection, type SiteSectionRow } from '../data/site-sections';
import { groupSiblingsOf, rootSiblingsOf, siblingKey } from '../data/sibling-positions';
import type { SiteRow } from '../data/sites';
import { SITE_WRITE } from '../domain/site-rules';
import { loadAuthorizedSite } from '../queries/load-site';
import type { MoveSectionBody } from '../schemas/site-sections';
import { moveAmongSiblings } from './place-in-order';
import { sectionEvent } from './site-structure';

/**
 * POST SITE/sections/{id}/move: before and/or after a section of the same container (its group, or the
 * root, where groups are siblings too but sections point at sections only); no position: last there. A
 * move to where it already is writes nothing (docs/adr/0038).
 */
export async function moveSiteSection(ctx: SitesContext, caller: Caller, organizationId: string, siteId: string, sectionId: string, body: MoveSectionBody): Promise<{ section: SiteSectionRow; site: SiteRow; role: Role }> {
  return ctx.db.transaction(async (trx) => {
    const { site, role } = await loadAuthorizedSite(trx, caller, organizationId, siteId, SITE_WRITE);
    const section = await findSection(trx, site.id, sectionId);
    if (!section) throw notFound('Site section');
    const siblings = section.section_group_id ? await groupSiblingsOf(trx, section.section_group_id) : await rootSiblingsOf(trx, site.id);
    const { before, after } = body.position ?? {};
    const where = {
      ...(before ? { before: siblingKey('section', before.siteSection) } : {}),
      ...(after ? { after: siblingKey('section', after.siteSection) } : {}),
    };
    if (await moveAmongSiblings(trx, siblings, siblingKey('section', section.id), where)) {
      await ctx.emit(trx, SitesEvents.SITE_SECTION_UPDATED, { ...sectionEvent(site, section.id), changed: ['position'] }, site.id);
    }
    return { section: (await findSection(trx, site.id, section.id))!, site, role };
  });
}
