import type { Caller } from '@dp/auth';
import { notFound } from '@dp/http';
import type { SitesContext } from '../context';
import { updateShareLink as updateShareLinkRow, type ShareLinkRow } from '../data/share-links';
import type { SiteRow } from '../data/sites';
import { SITE_WRITE } from '../domain/site-rules';
import { loadAuthorizedSite } from '../queries/load-site';

export interface ShareLinkPatch {
  name?: string;
  active?: boolean;
}

/** PATCH SITE/share-links/{id}: renames it, or turns it off (its URL stops opening the site) and on again. */
export async function updateShareLink(ctx: SitesContext, caller: Caller, organizationId: string, siteId: string, shareLinkId: string, patch: ShareLinkPatch): Promise<{ shareLink: ShareLinkRow; site: SiteRow }> {
  const { site } = await loadAuthorizedSite(ctx.db, caller, organizationId, siteId, SITE_WRITE);
  const changes = { ...(patch.name !== undefined ? { name: patch.name } : {}), ...(patch.active !== undefined ? { active: patch.active } : {}) };
  const shareLink = await updateShareLinkRow(ctx.db, site.id, shareLinkId, changes);
  if (!shareLink) throw notFound('Share link');
  return { shareLink, site };
}
