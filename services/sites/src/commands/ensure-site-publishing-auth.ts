import type { Caller } from '@dp/auth';
import { SitesEvents } from '@dp/events';
import type { Knex } from 'knex';
import type { SitesContext } from '../context';
import { ensureSitePublishingAuth, type SitePublishingAuthRow } from '../data/site-publishing-auth';
import type { SiteRow } from '../data/sites';
import { newSigningKey } from '../domain/site-publishing-auth';
import { SITE_WRITE } from '../domain/site-rules';
import { loadAuthorizedSite } from '../queries/load-site';

/**
 * The site (locked) and its publishing auth, for a member who may manage the site (`admin` and `create`:
 * they see the key; a `read` member is a 403, another organization's site a 404). The key is made the first
 * time it is asked for, so every site has one from then on (docs/adr/0041).
 */
export async function loadPublishingAuthForManager(trx: Knex.Transaction, caller: Caller, organizationId: string, siteId: string): Promise<{ site: SiteRow; auth: SitePublishingAuthRow }> {
  const { site } = await loadAuthorizedSite(trx, caller, organizationId, siteId, SITE_WRITE);
  return { site, auth: await ensureSitePublishingAuth(trx, site.id, newSigningKey()) };
}

/** GET SITE/publishing/auth: the site's publishing auth, its key made on the first read. */
export async function ensureSitePublishingAuthFor(ctx: SitesContext, caller: Caller, organizationId: string, siteId: string): Promise<SitePublishingAuthRow> {
  return ctx.db.transaction(async (trx) => (await loadPublishingAuthForManager(trx, caller, organizationId, siteId)).auth);
}

/** `sites.site.updated` with `changed: ["publishingAuth"]`; the key itself is never in an event. */
export const announcePublishingAuthChange = (ctx: SitesContext, trx: Knex.Transaction, site: SiteRow) =>
  ctx.emit(trx, SitesEvents.SITE_UPDATED, { siteId: site.id, organizationId: site.organization_id, title: site.title, visibility: site.visibility, changed: ['publishingAuth'] }, site.id);
