import type { Caller } from '@dp/auth';
import type { SitesContext } from '../context';
import { updateSitePublishingAuth, type SitePublishingAuthRow } from '../data/site-publishing-auth';
import { newSigningKey } from '../domain/site-publishing-auth';
import { announcePublishingAuthChange, loadPublishingAuthForManager } from './ensure-site-publishing-auth';

/**
 * POST SITE/publishing/auth/regenerate: a new key. The publisher verifies a visitor's token against the
 * site's current key on every request, so a token signed with the old one fails from the next page on:
 * everyone is logged out (docs/adr/0041).
 */
export async function regenerateSitePublishingAuth(ctx: SitesContext, caller: Caller, organizationId: string, siteId: string): Promise<SitePublishingAuthRow> {
  return ctx.db.transaction(async (trx) => {
    const { site } = await loadPublishingAuthForManager(trx, caller, organizationId, siteId);
    const row = await updateSitePublishingAuth(trx, site.id, { private_key: newSigningKey() });
    await announcePublishingAuthChange(ctx, trx, site);
    return row;
  });
}
