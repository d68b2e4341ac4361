import { Router } from 'express';
import { pathParams, route } from '@dp/http';
import { siteAccessQuery, siteAccessResponse, type SiteAccess } from '@dp/contracts';
import type { SitesContext } from '../context';
import { findSiteById } from '../data/sites';
import { loadViewableSite } from '../queries/load-site';

const siteParams = pathParams('siteId');

/**
 * For other services only (the gateway routes no `/internal` path): whether the caller of the assertion content
 * forwards has `level` on a site, before content installs or sets up Git Sync on it (docs/adr/0115). 404 when the
 * site does not exist or they hold no role on it, 403 when theirs lacks the level.
 */
export function siteAccessRouter(ctx: SitesContext): Router {
  const router = Router();

  router.get('/internal/sites/:siteId/access', ...route({ params: siteParams, query: siteAccessQuery, responses: { 200: siteAccessResponse } }).handle(async (req, res) => {
    const found = await findSiteById(ctx.db, req.params.siteId);
    const { site } = await loadViewableSite(ctx.db, req.caller, found?.organization_id ?? '', req.params.siteId, req.query.level);
    res.json({ organizationId: site.organization_id, title: site.title } satisfies SiteAccess);
  }));

  return router;
}
