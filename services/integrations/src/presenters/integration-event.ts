import { iso } from '@dp/http';
import type { EventLogRow, IntegrationEventRow } from '../data/integration-events';
import { officialDeliveryStatus } from '../domain/integration-events';

/**
 * IntegrationEvent JSON. `status` is the delivery status in the official enumeration: the stored `pending`
 * (no delivery to the integration exists yet, a later issue) reads `success` (officialDeliveryStatus).
 */
export function presentIntegrationEvent(event: IntegrationEventRow) {
  return {
    id: event.id,
    integrationId: event.integration_id,
    ...(event.installation_id ? { installationId: event.installation_id } : {}),
    createdAt: iso(event.created_at)!,
    payload: event.payload,
    status: officialDeliveryStatus(event.status),
  };
}

/** The single-event response: the event and the trace of what happened to it. */
export function presentIntegrationEventWithTrace(event: IntegrationEventRow, logs: EventLogRow[]) {
  return {
    event: presentIntegrationEvent(event),
    trace: { logs: logs.map((log) => ({ message: log.message, timestamp: iso(log.logged_at)!, level: log.level })) },
  };
}
