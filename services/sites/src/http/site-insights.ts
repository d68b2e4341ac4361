import { Router } from 'express';
import { route } from '@dp/http';
import type { SitesContext } from '../context';
import { trackSiteEvents } from '../commands/track-site-events';
import { aggregateSiteEvents } from '../queries/site-insights';
import { aggregateEventsBody, siteParams, trackEventsBody } from '../schemas/site-insights';

const INSIGHTS = '/v1/orgs/:organizationId/sites/:siteId/insights';

/** The official site-insights operations this platform records (docs/adr/0093). */
export function siteInsightsRouter(ctx: SitesContext): Router {
  const router = Router();
  router.post(`${INSIGHTS}/events`, ...route({ params: siteParams, body: trackEventsBody }).handle(async (req, res) => {
    const tracked = await trackSiteEvents(ctx, req.caller, req.params.organizationId, req.params.siteId, req.body.events);
    ctx.log.info({ siteId: req.params.siteId, tracked }, 'site insights events tracked');
    res.status(204).end();
  }));
  router.post(`${INSIGHTS}/events/aggregate`, ...route({ params: siteParams, body: aggregateEventsBody }).handle(async (req, res) => {
    res.json(await aggregateSiteEvents(ctx, req.caller, req.params.organizationId, req.params.siteId, req.body));
  }));
  return router;
}
