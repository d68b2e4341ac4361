import { authorize, type Caller } from '@dp/auth';
import { SitesEvents } from '@dp/events';
import { notFound } from '@dp/http';
import type { SitesContext } from '../context';
import { deleteSiteRow, findSiteById } from '../data/sites';
import { SITE_WRITE } from '../domain/site-rules';
import { loadAuthorizedSite } from '../queries/load-site';

/**
 * Deletes a site and its site spaces for good (the spaces themselves stay in content). Returns false when
 * there was nothing to delete (official 204); a site of another organization is a 404, as for spaces.
 */
export async function deleteSite(ctx: SitesContext, caller: Caller, organizationId: string, siteId: string): Promise<boolean> {
  const existing = await findSiteById(ctx.db, siteId);
  if (!existing || existing.organization_id !== organizationId) {
    // Nothing to delete: one who could delete sites there learns so (204); anyone else gets the 404 (or 403) first.
    authorize(caller, organizationId, SITE_WRITE, 'Site');
    if (!existing) return false;
    throw notFound('Site');
  }
  return ctx.db.transaction(async (trx) => {
    const { site } = await loadAuthorizedSite(trx, caller, organizationId, siteId, SITE_WRITE);
    await deleteSiteRow(trx, site.id);
    await ctx.emit(trx, SitesEvents.SITE_DELETED, { siteId: site.id, organizationId }, site.id);
    return true;
  });
}
