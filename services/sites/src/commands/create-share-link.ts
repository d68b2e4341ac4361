import { randomBytes } from 'node:crypto';
import { requireUser, type Caller } from '@dp/auth';
import { newId } from '@dp/db';
import type { SitesContext } from '../context';
import { insertShareLink, type ShareLinkRow } from '../data/share-links';
import type { SiteRow } from '../data/sites';
import { SITE_WRITE } from '../domain/site-rules';
import { loadAuthorizedSite } from '../queries/load-site';

/** 24 random bytes (192 bits) as base64url: a capability secret nobody can guess. */
export const newShareKey = () => randomBytes(24).toString('base64url');

/** POST SITE/share-links: a new, active share link with a fresh secret key. */
export async function createShareLink(ctx: SitesContext, caller: Caller, organizationId: string, siteId: string, input: { name: string }): Promise<{ shareLink: ShareLinkRow; site: SiteRow }> {
  return ctx.db.transaction(async (trx) => {
    // The site stays locked until the link is written: a concurrent delete of the site waits, then takes the link along.
    const { site } = await loadAuthorizedSite(trx, caller, organizationId, siteId, SITE_WRITE);
    const userId = requireUser(caller);
    const shareLink = await insertShareLink(trx, { id: newId(), site_id: site.id, organization_id: organizationId, name: input.name, key: newShareKey(), created_by: userId });
    return { shareLink, site };
  });
}
