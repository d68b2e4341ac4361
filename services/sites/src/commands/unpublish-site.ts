import { requireUser, type Caller, type Role } from '@dp/auth';
import { SitesEvents } from '@dp/events';
import type { SitesContext } from '../context';
import { findSite, updateSite, type SiteWithCounts } from '../data/sites';
import { publicationChanges, SITE_WRITE } from '../domain/site-rules';
import { loadAuthorizedSite } from '../queries/load-site';

/** Takes a site offline; its settings and site spaces stay. Already unpublished: nothing changes. */
export async function unpublishSite(ctx: SitesContext, caller: Caller, organizationId: string, siteId: string): Promise<{ site: SiteWithCounts; role: Role }> {
  return ctx.db.transaction(async (trx) => {
    const { site, role } = await loadAuthorizedSite(trx, caller, organizationId, siteId, SITE_WRITE);
    const userId = requireUser(caller);
    if (publicationChanges(site.published, false)) {
      await updateSite(trx, site.id, { published: false, published_at: null });
      await ctx.emit(trx, SitesEvents.SITE_UNPUBLISHED, { siteId: site.id, organizationId, unpublishedBy: userId }, site.id);
    }
    return { site: (await findSite(trx, organizationId, site.id))!, role };
  });
}
