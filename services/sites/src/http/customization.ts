import { Router } from 'express';
import { route } from '@dp/http';
import type { SitesContext } from '../context';
import { overrideSiteSpaceCustomization, putCustomization, resetSiteSpaceCustomization } from '../commands/customize-site';
import { presentCustomization } from '../presenters/customization';
import { readSiteCustomization, readSiteSpaceCustomization } from '../queries/site-customizations';
import { customizationBody, customizationQuery, siteParams, siteSpaceParams } from '../schemas/customization';

const SITE = '/v1/orgs/:organizationId/sites/:siteId/customization';
const SITE_SPACE = '/v1/orgs/:organizationId/sites/:siteId/site-spaces/:siteSpaceId/customization';

/** The official site-customization operations (docs/adr/0087); the published pages show a change on their next load. */
export function customizationRouter(ctx: SitesContext): Router {
  const router = Router();

  router.get(SITE, ...route({ params: siteParams, query: customizationQuery }).handle(async (req, res) => {
    const { settings, updatedAt } = await readSiteCustomization(ctx.db, req.caller, req.params.organizationId, req.params.siteId);
    res.json(presentCustomization(settings, updatedAt));
  }));

  router.put(SITE, ...route({ params: siteParams, body: customizationBody }).handle(async (req, res) => {
    const { settings, updatedAt } = await putCustomization(ctx, req.caller, req.params.organizationId, req.params.siteId, req.body);
    ctx.log.info({ siteId: req.params.siteId }, 'site customization replaced');
    res.json(presentCustomization(settings, updatedAt));
  }));

  router.get(SITE_SPACE, ...route({ params: siteSpaceParams, query: customizationQuery }).handle(async (req, res) => {
    const { settings, updatedAt } = await readSiteSpaceCustomization(ctx.db, req.caller, req.params.organizationId, req.params.siteId, req.params.siteSpaceId);
    res.json(presentCustomization(settings, updatedAt));
  }));

  router.patch(SITE_SPACE, ...route({ params: siteSpaceParams, body: customizationBody }).handle(async (req, res) => {
    const { settings, updatedAt } = await overrideSiteSpaceCustomization(ctx, req.caller, req.params.organizationId, req.params.siteId, req.params.siteSpaceId, req.body);
    res.json(presentCustomization(settings, updatedAt));
  }));

  // Official: 205 when the overrides were removed, 204 when the site space had none.
  router.delete(SITE_SPACE, ...route({ params: siteSpaceParams }).handle(async (req, res) => {
    const removed = await resetSiteSpaceCustomization(ctx, req.caller, req.params.organizationId, req.params.siteId, req.params.siteSpaceId);
    res.status(removed ? 205 : 204).end();
  }));

  return router;
}
