import { type Caller, type Role } from '@dp/auth';
import { inSnapshot } from '@dp/db';
import { notFound } from '@dp/http';
import type { SitesContext } from '../context';
import { type SiteWithCounts } from '../data/sites';
import { SITE_READ } from '../domain/site-rules';
import { activeShareKey } from './share-key';
import { effectiveCustomizations, loadSiteCustomizations } from './site-customizations';
import { loadSiteStructure, siteSpaceIdsOf, type SiteStructure } from './site-structure';
import { loadViewableSite } from './load-site';

/**
 * What `GET SITE/published` presents, read when asked (so a publish or an unpublish shows at once): a member
 * who reads the site gets its published profile; a site that is not published is a 404, as the official
 * operation answers for "no matching site". The site, its structure and its customization are read in one snapshot
 * (docs/adr/0053): the worker that removes a deleted space from sites changes sections, site spaces and the default
 * together.
 */
export async function loadPublishedSite(
  ctx: SitesContext,
  caller: Caller,
  organizationId: string,
  siteId: string,
  presentedShareKey: string | undefined,
): Promise<{ site: SiteWithCounts; role: Role; structure: SiteStructure; customizations: ReturnType<typeof effectiveCustomizations>; shareKey?: string }> {
  return inSnapshot(ctx.db, async (db) => {
    const { site, role } = await loadViewableSite(db, caller, organizationId, siteId, SITE_READ);
    if (!site.published) throw notFound('Published site');
    const [structure, shareKey, stored] = await Promise.all([loadSiteStructure(db, site.id), activeShareKey(db, site, presentedShareKey), loadSiteCustomizations(db, site.id)]);
    return { site, role, structure, customizations: effectiveCustomizations(site, stored, siteSpaceIdsOf(structure)), shareKey };
  });
}
