import { Router } from 'express';
import { route } from '@dp/http';
import type { PublishedContentApi } from '../clients/content';
import type { SitesContext } from '../context';
import { searchSite } from '../queries/search-site';
import { siteParams, siteSearchBody, siteSearchQuery } from '../schemas/site-search';

/** The official searchSiteContent (docs/adr/0090): a member searches the site as its readers would. */
export function siteSearchRouter(ctx: SitesContext, content: PublishedContentApi): Router {
  const router = Router();
  router.post('/v1/orgs/:organizationId/sites/:siteId/search', ...route({ params: siteParams, query: siteSearchQuery, body: siteSearchBody }).handle(async (req, res) => {
    res.json(await searchSite(ctx, content, req.caller, req.params.organizationId, req.params.siteId, req.body, req.query));
  }));
  return router;
}
