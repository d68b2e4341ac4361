import type { Caller, Role } from '@dp/auth';
import { SitesEvents } from '@dp/events';
import { badRequest, conflict, notFound } from '@dp/http';
import type { SitesContext } from '../context';
import { findSection, sectionsOf, updateSection, type SiteSectionRow } from '../data/site-sections';
import { setDefaultSiteSpace, siteSpacesIn } from '../data/site-spaces';
import type { SiteRow } from '../data/sites';
import { SITE_WRITE } from '../domain/site-rules';
import { loadAuthorizedSite } from '../queries/load-site';
import type { UpdateSectionBody } from '../schemas/site-sections';
import { assertCondition } from './assert-condition';
import { sectionEvent } from './site-structure';
import { isUniqueViolation } from '@dp/db';

/**
 * PATCH SITE/sections/{id}: title, path (unique in the site: 409), default site space (one of this
 * section's: 400), condition (omitted: unchanged; null: removed; checked against the site's claims), icon
 * and description (null removes them). All or nothing.
 */
export async function updateSiteSection(ctx: SitesContext, caller: Caller, organizationId: string, siteId: string, sectionId: string, patch: UpdateSectionBody): Promise<{ section: SiteSectionRow; site: SiteRow; role: Role }> {
  return ctx.db.transaction(async (trx) => {
    const { site, role } = await loadAuthorizedSite(trx, caller, organizationId, siteId, SITE_WRITE);
    const section = await findSection(trx, site.id, sectionId);
    if (!section) throw notFound('Site section');
    if (patch.path !== undefined && (await sectionsOf(trx, site.id)).some((s) => s.id !== section.id && s.path === patch.path)) {
      throw conflict(`body.path: ${patch.path} is already the path of another section of this site`);
    }
    if (patch.defaultSiteSpace !== undefined) {
      if (!(await siteSpacesIn(trx, site.id, section.id)).some((s) => s.id === patch.defaultSiteSpace)) {
        throw badRequest(`body.defaultSiteSpace: site space ${patch.defaultSiteSpace} is not in this section`);
      }
      await setDefaultSiteSpace(trx, site.id, patch.defaultSiteSpace);
    }
    if (typeof patch.condition === 'string') await assertCondition(trx, site, 'body.condition', patch.condition);
    try {
      await updateSection(trx, section.id, {
        ...(patch.title !== undefined ? { title: patch.title } : {}),
        ...(patch.path !== undefined ? { path: patch.path } : {}),
        ...(patch.condition !== undefined ? { condition: patch.condition } : {}),
        ...(patch.icon !== undefined ? { icon: patch.icon } : {}),
        ...(patch.description !== undefined ? { description: patch.description } : {}),
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(`body.path: ${patch.path} is already the path of another section of this site`);
      throw err;
    }
    await ctx.emit(trx, SitesEvents.SITE_SECTION_UPDATED, { ...sectionEvent(site, section.id), changed: Object.keys(patch) }, site.id);
    return { section: (await findSection(trx, site.id, section.id))!, site, role };
  });
}
