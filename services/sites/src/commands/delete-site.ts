import { authorize, type Caller } from '@dp/auth';
import { SitesEvents } from '@dp/events';
import { notFound } from '@dp/http';
import type { SitesContext } from '../context';
import { deleteSiteRow, findSiteById, lockSite } from '../data/sites';
import { SITE_WRITE } from '../domain/site-rules';

/**
 * Deletes a site and its site spaces for good (the spaces themselves stay in content). Returns false when
 * there was nothing to delete (official 204); a site of another organization is a 404, as for spaces.
 */
export async function deleteSite(ctx: SitesContext, caller: Caller, organizationId: string, siteId: string): Promise<boolean> {
  authorize(caller, organizationId, SITE_WRITE, 'Site');
  const existing = await findSiteById(ctx.db, siteId);
  if (!existing) return false;
  if (existing.organization_id !== organizationId) throw notFound('Site');
  return ctx.db.transaction(async (trx) => {
    const site = await lockSite(trx, organizationId, siteId);
    if (!site) return false;
    await deleteSiteRow(trx, site.id);
    await ctx.emit(trx, SitesEvents.SITE_DELETED, { siteId: site.id, organizationId }, site.id);
    return true;
  });
}
