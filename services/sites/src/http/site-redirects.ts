import { Router } from 'express';
import { presentPage, route } from '@dp/http';
import type { PublishedContentApi } from '../clients/content';
import type { SitesContext } from '../context';
import { bulkUpsertRedirects, createRedirect, deleteRedirect, updateRedirect } from '../commands/site-redirects';
import { presentSiteRedirect } from '../presenters/site-redirect';
import { readRedirectBySource, readSiteRedirects } from '../queries/site-redirects';
import {
  bulkUpsertSiteRedirectsBody,
  createSiteRedirectBody,
  listSiteRedirectsQuery,
  redirectBySourceQuery,
  siteParams,
  siteRedirectParams,
  updateSiteRedirectBody,
} from '../schemas/site-redirects';

const SITE = '/v1/orgs/:organizationId/sites/:siteId';

/** The official site-redirects operations (docs/adr/0088); the publisher applies live ones before a 404. */
export function siteRedirectsRouter(ctx: SitesContext, content: PublishedContentApi): Router {
  const router = Router();

  router.get(`${SITE}/redirects`, ...route({ params: siteParams, query: listSiteRedirectsQuery }).handle(async (req, res) => {
    const { organizationId, siteId } = req.params;
    const page = await readSiteRedirects(ctx, req.caller, organizationId, siteId, req.query);
    res.json(presentPage(page, presentSiteRedirect));
  }));

  router.post(`${SITE}/redirects`, ...route({ params: siteParams, body: createSiteRedirectBody }).handle(async (req, res) => {
    const row = await createRedirect(ctx, content, req.caller, req.params.organizationId, req.params.siteId, req.body);
    ctx.log.info({ siteId: row.site_id, redirectId: row.id, source: row.source }, 'site redirect created');
    res.status(201).json(presentSiteRedirect(row));
  }));

  router.put(`${SITE}/redirects`, ...route({ params: siteParams, body: bulkUpsertSiteRedirectsBody }).handle(async (req, res) => {
    const results = await bulkUpsertRedirects(ctx, content, req.caller, req.params.organizationId, req.params.siteId, req.body);
    ctx.log.info({ siteId: req.params.siteId, items: results.length, errors: results.filter((r) => r.status === 'error').length }, 'site redirects upserted');
    res.json({ results });
  }));

  router.patch(`${SITE}/redirects/:siteRedirectId`, ...route({ params: siteRedirectParams, body: updateSiteRedirectBody }).handle(async (req, res) => {
    const { organizationId, siteId, siteRedirectId } = req.params;
    res.json(presentSiteRedirect(await updateRedirect(ctx, req.caller, organizationId, siteId, siteRedirectId, req.body)));
  }));

  // Official: 205 when it was deleted, 204 when there was none.
  router.delete(`${SITE}/redirects/:siteRedirectId`, ...route({ params: siteRedirectParams }).handle(async (req, res) => {
    const { organizationId, siteId, siteRedirectId } = req.params;
    res.status((await deleteRedirect(ctx, req.caller, organizationId, siteId, siteRedirectId)) ? 205 : 204).end();
  }));

  router.get(`${SITE}/redirect`, ...route({ params: siteParams, query: redirectBySourceQuery }).handle(async (req, res) => {
    const { redirect, target } = await readRedirectBySource(ctx, content, req.caller, req.params.organizationId, req.params.siteId, req.query.source);
    res.json({ redirect: presentSiteRedirect(redirect), target });
  }));

  return router;
}
