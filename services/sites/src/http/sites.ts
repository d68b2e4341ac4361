import { Router } from 'express';
import { authorize } from '@dp/auth';
import { notFound, onBehalfOf, presentPage, validate, type ListParams } from '@dp/http';
import type { ContentApi } from '../clients/content';
import type { SitesContext } from '../context';
import { findSite, listSites, type SiteFilters } from '../data/sites';
import { createSite } from '../commands/create-site';
import { updateSiteSettings } from '../commands/update-site';
import { deleteSite } from '../commands/delete-site';
import { publishSite } from '../commands/publish-site';
import { unpublishSite } from '../commands/unpublish-site';
import { SITE_READ } from '../domain/site-rules';
import { presentSite, siteLocation } from '../presenters/site';
import { createSiteBody, listSitesQuery, organizationParams, siteParams, updateSiteBody } from '../schemas/sites';

const SITE = '/v1/orgs/:organizationId/sites/:siteId';

export function sitesRouter(ctx: SitesContext, content: ContentApi): Router {
  const router = Router();

  router.post('/v1/orgs/:organizationId/sites', validate({ params: organizationParams, body: createSiteBody }), async (req, res) => {
    const organizationId = req.params.organizationId as string;
    const site = await createSite(ctx, content, { caller: req.caller, on: onBehalfOf(req) }, organizationId, req.body);
    res.status(201).location(siteLocation(ctx.links, site)).json(presentSite(site, req.caller.memberships[organizationId], ctx.links));
  });

  router.get('/v1/orgs/:organizationId/sites', validate({ params: organizationParams, query: listSitesQuery }), async (req, res) => {
    const organizationId = req.params.organizationId as string;
    const role = authorize(req.caller, organizationId, SITE_READ, 'Organization');
    const query = req.query as ListParams & Omit<SiteFilters, 'type'> & { type?: string | string[] };
    const type = query.type === undefined ? undefined : ([] as string[]).concat(query.type);
    const page = await listSites(ctx.db, organizationId, { ...query, type });
    res.json(presentPage(page, (site) => presentSite(site, role, ctx.links)));
  });

  router.get(SITE, validate({ params: siteParams }), async (req, res) => {
    const organizationId = req.params.organizationId as string;
    const role = authorize(req.caller, organizationId, SITE_READ, 'Site');
    const site = await findSite(ctx.db, organizationId, req.params.siteId as string);
    if (!site) throw notFound('Site');
    res.json(presentSite(site, role, ctx.links));
  });

  router.patch(SITE, validate({ params: siteParams, body: updateSiteBody }), async (req, res) => {
    const { site, role } = await updateSiteSettings(ctx, req.caller, req.params.organizationId as string, req.params.siteId as string, req.body);
    res.json(presentSite(site, role, ctx.links));
  });

  // Official statuses: 205 the site was deleted, 204 it did not exist.
  router.delete(SITE, validate({ params: siteParams }), async (req, res) => {
    const deleted = await deleteSite(ctx, req.caller, req.params.organizationId as string, req.params.siteId as string);
    res.status(deleted ? 205 : 204).end();
  });

  router.post(`${SITE}/publish`, validate({ params: siteParams }), async (req, res) => {
    const { site, role } = await publishSite(ctx, req.caller, req.params.organizationId as string, req.params.siteId as string);
    res.json(presentSite(site, role, ctx.links));
  });

  // The interface does not show this response; the official one is 200 with the Site.
  router.post(`${SITE}/unpublish`, validate({ params: siteParams }), async (req, res) => {
    const { site, role } = await unpublishSite(ctx, req.caller, req.params.organizationId as string, req.params.siteId as string);
    res.json(presentSite(site, role, ctx.links));
  });

  return router;
}
