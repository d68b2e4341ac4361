import { Router } from 'express';
import { askerOf } from '@dp/auth';
import { presentPage, route } from '@dp/http';
import type { ContentApi } from '../clients/content';
import type { SitesContext } from '../context';
import { createSite } from '../commands/create-site';
import { updateSiteSettings } from '../commands/update-site';
import { deleteSite } from '../commands/delete-site';
import { publishSite } from '../commands/publish-site';
import { unpublishSite } from '../commands/unpublish-site';
import { SITE_READ } from '../domain/site-rules';
import { presentSite, siteLocation } from '../presenters/site';
import { presentPublishedSite } from '../presenters/published-site';
import { loadPublishedSite } from '../queries/published-site';
import { createSiteBody, listSitesQuery, organizationParams, publishedSiteQuery, siteParams, updateSiteBody } from '../schemas/sites';
import { loadViewableSite } from '../queries/load-site';
import { listSitesForCaller } from '../queries/list-sites';

const SITE = '/v1/orgs/:organizationId/sites/:siteId';

export function sitesRouter(ctx: SitesContext, content: ContentApi): Router {
  const router = Router();

  router.post('/v1/orgs/:organizationId/sites', ...route({ params: organizationParams, body: createSiteBody }).handle(async (req, res) => {
    const organizationId = req.params.organizationId;
    const site = await createSite(ctx, content, askerOf(req), organizationId, req.body);
    res.status(201).location(siteLocation(ctx.links, site)).json(presentSite(site, req.caller.memberships[organizationId], ctx.links));
  }));

  router.get('/v1/orgs/:organizationId/sites', ...route({ params: organizationParams, query: listSitesQuery }).handle(async (req, res) => {
    const organizationId = req.params.organizationId;
    const { type, ...query } = req.query;
    const { page, roleOf } = await listSitesForCaller(ctx.db, req.caller, organizationId, { ...query, type: type === undefined ? undefined : [type].flat() });
    res.json(presentPage(page, (site) => presentSite(site, roleOf(site.id), ctx.links)));
  }));

  router.get(SITE, ...route({ params: siteParams }).handle(async (req, res) => {
    const organizationId = req.params.organizationId;
    const { site, role } = await loadViewableSite(ctx.db, req.caller, organizationId, req.params.siteId, SITE_READ);
    res.json(presentSite(site, role, ctx.links));
  }));

  router.patch(SITE, ...route({ params: siteParams, body: updateSiteBody }).handle(async (req, res) => {
    const { site, role } = await updateSiteSettings(ctx, req.caller, req.params.organizationId, req.params.siteId, req.body);
    res.json(presentSite(site, role, ctx.links));
  }));

  // Official statuses: 205 the site was deleted, 204 it did not exist.
  router.delete(SITE, ...route({ params: siteParams }).handle(async (req, res) => {
    const deleted = await deleteSite(ctx, req.caller, req.params.organizationId, req.params.siteId);
    res.status(deleted ? 205 : 204).end();
  }));

  router.post(`${SITE}/publish`, ...route({ params: siteParams }).handle(async (req, res) => {
    const { site, role } = await publishSite(ctx, req.caller, req.params.organizationId, req.params.siteId);
    res.json(presentSite(site, role, ctx.links));
  }));

  // The interface does not show this response; the official one is 200 with the Site.
  router.post(`${SITE}/unpublish`, ...route({ params: siteParams }).handle(async (req, res) => {
    const { site, role } = await unpublishSite(ctx, req.caller, req.params.organizationId, req.params.siteId);
    res.json(presentSite(site, role, ctx.links));
  }));

  router.get(`${SITE}/published`, ...route({ params: siteParams, query: publishedSiteQuery }).handle(async (req, res) => {
    const { site, role, structure, customizations, shareKey } = await loadPublishedSite(ctx, req.caller, req.params.organizationId, req.params.siteId, req.query.shareKey);
    res.json(presentPublishedSite(site, role, structure, customizations, ctx.links, shareKey));
  }));

  return router;
}
