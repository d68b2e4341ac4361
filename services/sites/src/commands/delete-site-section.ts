import type { Caller } from '@dp/auth';
import type { SitesContext } from '../context';
import { findSection } from '../data/site-sections';
import { SITE_WRITE } from '../domain/site-rules';
import { loadAuthorizedSite } from '../queries/load-site';
import { removeSection } from './site-structure';

/**
 * DELETE SITE/sections/{id}: the section and its site spaces go; a default section leaving hands the default
 * to the first remaining section; the last section leaving leaves a site without sections (docs/adr/0038).
 * False when the site has no such section (official 204).
 */
export async function deleteSiteSection(ctx: SitesContext, caller: Caller, organizationId: string, siteId: string, sectionId: string): Promise<boolean> {
  return ctx.db.transaction(async (trx) => {
    const { site } = await loadAuthorizedSite(trx, caller, organizationId, siteId, SITE_WRITE);
    const section = await findSection(trx, site.id, sectionId);
    if (!section) return false;
    await removeSection(trx, ctx.emit, site, section);
    return true;
  });
}
