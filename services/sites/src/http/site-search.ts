import { Router } from 'express';
import { route } from '@dp/http';
import type { PublishedContentApi } from '../clients/content';
import type { SitesContext } from '../context';
import { prewarmSiteSearch, searchSite } from '../queries/search-site';
import { readablePagesOf } from '../queries/readable-pages';
import { siteParams, siteSearchBody, siteSearchQuery } from '../schemas/site-search';

/** The official searchSiteContent and prewarmSiteSearch (docs/adr/0090): a member searches the site as its readers would. */
export function siteSearchRouter(ctx: SitesContext, content: PublishedContentApi): Router {
  const router = Router();
  const readable = readablePagesOf(content);
  router.post('/v1/orgs/:organizationId/sites/:siteId/search', ...route({ params: siteParams, query: siteSearchQuery, body: siteSearchBody }).handle(async (req, res) => {
    res.json(await searchSite(ctx, content, readable, req.caller, req.params.organizationId, req.params.siteId, req.body, req.query));
  }));
  router.post('/v1/orgs/:organizationId/sites/:siteId/search/prewarm', ...route({ params: siteParams }).handle(async (req, res) => {
    await prewarmSiteSearch(ctx, readable, req.caller, req.params.organizationId, req.params.siteId);
    res.status(204).end();
  }));
  return router;
}
