import { iso } from '@dp/http';
import type { EventLogRow, IntegrationEventRow } from '../data/integration-events';

/**
 * IntegrationEvent JSON. `status` is the delivery status: `pending` until the delivery to the integration
 * exists (a later issue), then `success` or `failed` as the official schema lists.
 */
export function presentIntegrationEvent(event: IntegrationEventRow) {
  return {
    id: event.id,
    integrationId: event.integration_id,
    ...(event.installation_id ? { installationId: event.installation_id } : {}),
    createdAt: iso(event.created_at)!,
    payload: event.payload,
    status: event.status,
  };
}

/** The single-event response: the event and the trace of what happened to it. */
export function presentIntegrationEventWithTrace(event: IntegrationEventRow, logs: EventLogRow[]) {
  return {
    event: presentIntegrationEvent(event),
    trace: { logs: logs.map((log) => ({ message: log.message, timestamp: iso(log.logged_at)!, level: log.level })) },
  };
}
