import { requireUser, type Caller, type Role } from '@dp/auth';
import { SitesEvents } from '@dp/events';
import type { SitesContext } from '../context';
import { findSite, updateSite, type SiteWithCounts } from '../data/sites';
import { siteSpacesOf } from '../data/site-spaces';
import { publicationChanges, SITE_WRITE } from '../domain/site-rules';
import { loadAuthorizedSite } from '../queries/load-site';

/** Publishes a site: reachable by the audience its visibility defines. Already published: nothing changes. */
export async function publishSite(ctx: SitesContext, caller: Caller, organizationId: string, siteId: string): Promise<{ site: SiteWithCounts; role: Role }> {
  return ctx.db.transaction(async (trx) => {
    const { site, role } = await loadAuthorizedSite(trx, caller, organizationId, siteId, SITE_WRITE);
    const userId = requireUser(caller);
    if (publicationChanges(site.published, true)) {
      await updateSite(trx, site.id, { published: true, published_at: trx.fn.now() });
      const siteSpaces = await siteSpacesOf(trx, site.id);
      await ctx.emit(
        trx,
        SitesEvents.SITE_PUBLISHED,
        { siteId: site.id, organizationId, title: site.title, visibility: site.visibility, siteSpaces: siteSpaces.map((s) => s.id), publishedBy: userId },
        site.id,
      );
    }
    return { site: (await findSite(trx, organizationId, site.id))!, role };
  });
}
