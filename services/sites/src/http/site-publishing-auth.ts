import { Router } from 'express';
import { route } from '@dp/http';
import type { SitesContext } from '../context';
import { ensureSitePublishingAuthFor } from '../commands/ensure-site-publishing-auth';
import { regenerateSitePublishingAuth } from '../commands/regenerate-site-publishing-auth';
import { updatePublishingAuth } from '../commands/update-site-publishing-auth';
import { presentSitePublishingAuth } from '../presenters/site-publishing-auth';
import { siteParams, updateSitePublishingAuthBody } from '../schemas/site-publishing-auth';

const PUBLISHING_AUTH = '/v1/orgs/:organizationId/sites/:siteId/publishing/auth';

/** The official site-publishing-auth operations (docs/adr/0041); each answers the SitePublishingAuth, 200. */
export function sitePublishingAuthRouter(ctx: SitesContext): Router {
  const router = Router();

  router.get(PUBLISHING_AUTH, ...route({ params: siteParams }).handle(async (req, res) => {
    res.json(presentSitePublishingAuth(await ensureSitePublishingAuthFor(ctx, req.caller, req.params.organizationId, req.params.siteId)));
  }));

  router.patch(PUBLISHING_AUTH, ...route({ params: siteParams, body: updateSitePublishingAuthBody }).handle(async (req, res) => {
    res.json(presentSitePublishingAuth(await updatePublishingAuth(ctx, req.caller, req.params.organizationId, req.params.siteId, req.body)));
  }));

  router.post(`${PUBLISHING_AUTH}/regenerate`, ...route({ params: siteParams }).handle(async (req, res) => {
    res.json(presentSitePublishingAuth(await regenerateSitePublishingAuth(ctx, req.caller, req.params.organizationId, req.params.siteId)));
  }));

  return router;
}
