import type { Caller } from '@dp/auth';
import { SitesEvents } from '@dp/events';
import { HttpError } from '@dp/http';
import type { SitesContext } from '../context';
import { updateSite } from '../data/sites';
import { SITE_WRITE } from '../domain/site-rules';
import { siteOfHostname } from '../queries/custom-hostname';

/** DELETE /custom-hostnames/HOSTNAME: the site keeps being served at its own address; false when no site had it. */
export async function removeCustomHostname(ctx: SitesContext, caller: Caller, hostname: string): Promise<boolean> {
  return ctx.db.transaction(async (trx) => {
    let site;
    try {
      site = await siteOfHostname(trx, caller, hostname, SITE_WRITE);
    } catch (err) {
      // Nothing to remove (or nothing this caller may know of): the official "did not exist".
      if (err instanceof HttpError && err.status === 404) return false;
      throw err;
    }
    await updateSite(trx, site.id, { hostname: null });
    await ctx.emit(trx, SitesEvents.SITE_UPDATED, { siteId: site.id, organizationId: site.organization_id, title: site.title, visibility: site.visibility, changed: ['hostname'] }, site.id);
    ctx.log.info({ siteId: site.id, hostname }, 'custom hostname removed');
    return true;
  });
}
