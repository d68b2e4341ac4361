import { authorize, type Caller, type Role } from '@dp/auth';
import { notFound } from '@dp/http';
import type { SitesContext } from '../context';
import { findSite, type SiteWithCounts } from '../data/sites';
import { SITE_READ } from '../domain/site-rules';
import { activeShareKey } from './share-key';
import { loadSiteStructure, type SiteStructure } from './site-structure';

/**
 * What `GET SITE/published` presents, read when asked (so a publish or an unpublish shows at once): a member
 * who reads the site gets its published profile; a site that is not published is a 404, as the official
 * operation answers for "no matching site".
 */
export async function loadPublishedSite(
  ctx: SitesContext,
  caller: Caller,
  organizationId: string,
  siteId: string,
  presentedShareKey: string | undefined,
): Promise<{ site: SiteWithCounts; role: Role; structure: SiteStructure; shareKey?: string }> {
  const role = authorize(caller, organizationId, SITE_READ, 'Site');
  const site = await findSite(ctx.db, organizationId, siteId);
  if (!site) throw notFound('Site');
  if (!site.published) throw notFound('Published site');
  const [structure, shareKey] = await Promise.all([loadSiteStructure(ctx.db, site.id), activeShareKey(ctx.db, site, presentedShareKey)]);
  return { site, role, structure, shareKey };
}
