import type { Caller } from '@dp/auth';
import type { SitesContext } from '../context';
import { deleteShareLink as deleteShareLinkRow } from '../data/share-links';
import { SITE_WRITE } from '../domain/site-rules';
import { loadAuthorizedSite } from '../queries/load-site';

/**
 * Revokes a share link for good: its URL no longer opens the site. Returns false when the site had no such
 * share link (official 204); an unknown site, or one of another organization, is a 404.
 */
export async function deleteShareLink(ctx: SitesContext, caller: Caller, organizationId: string, siteId: string, shareLinkId: string): Promise<boolean> {
  const { site } = await loadAuthorizedSite(ctx.db, caller, organizationId, siteId, SITE_WRITE);
  return deleteShareLinkRow(ctx.db, site.id, shareLinkId);
}
