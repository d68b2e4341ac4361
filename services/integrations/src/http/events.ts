import { Router } from 'express';
import { notFound, presentPage, route } from '@dp/http';
import type { IntegrationsContext } from '../context';
import { findIntegrationEventWithLogs, listIntegrationEvents } from '../data/integration-events';
import { redeliverEvent } from '../commands/redeliver-event';
import { loadVisibleIntegration, requireOwnerAdmin } from '../queries/load-integration';
import { presentIntegrationEvent, presentIntegrationEventWithTrace } from '../presenters/integration-event';
import { integrationParams } from '../schemas/integrations';
import { integrationEventParams, listIntegrationEventsQuery, redeliveredEventResponses } from '../schemas/events';

/** An integration's events are read by the admins of the organization that owns it. */
export function eventsRouter(ctx: IntegrationsContext): Router {
  const router = Router();
  const base = '/v1/integrations/:integrationName/events';

  router.get(base, ...route({ params: integrationParams, query: listIntegrationEventsQuery }).handle(async (req, res) => {
    const integration = await loadVisibleIntegration(ctx.db, req.caller, req.params.integrationName);
    requireOwnerAdmin(integration, req.caller, 'read its events');
    const page = await listIntegrationEvents(ctx.db, integration.id, req.query);
    res.json(presentPage(page, presentIntegrationEvent));
  }));

  router.get(`${base}/:eventId`, ...route({ params: integrationEventParams }).handle(async (req, res) => {
    const integration = await loadVisibleIntegration(ctx.db, req.caller, req.params.integrationName);
    requireOwnerAdmin(integration, req.caller, 'read its events');
    const found = await findIntegrationEventWithLogs(ctx.db, integration.id, req.params.eventId);
    if (!found) throw notFound('Integration event');
    res.json(presentIntegrationEventWithTrace(found.event, found.logs));
  }));

  // Ours, not GitBook's (docs/adr/0043): a delivered or failed event is delivered again.
  router.post(`${base}/:eventId/redeliver`, ...route({ params: integrationEventParams, responses: redeliveredEventResponses }).handle(async (req, res) => {
    const event = await redeliverEvent(ctx, req.caller, req.params.integrationName, req.params.eventId);
    res.status(202).json(presentIntegrationEvent(event));
  }));

  return router;
}
