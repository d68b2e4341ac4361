import { newId } from '@dp/db';
import type { Knex } from 'knex';
import { insertEventLog, insertIntegrationEvent } from '../data/integration-events';
import type { LogLevel } from '../domain/integration-events';

/**
 * Records an integration event for an installation, with the first entry of its trace, inside `trx`: it is
 * `pending` and due at once, for the integrations worker to deliver (docs/adr/0043). An installation never
 * gets two events with the same payload eventId; returns false when it already had this one.
 */
export async function recordIntegrationEvent(
  trx: Knex.Transaction,
  input: { integrationId: string; installationId: string; payload: { eventId: string; type: string }; log: { message: string; level?: LogLevel } },
): Promise<boolean> {
  const id = newId();
  const recorded = await insertIntegrationEvent(trx, {
    id,
    integration_id: input.integrationId,
    installation_id: input.installationId,
    event_id: input.payload.eventId,
    type: input.payload.type,
    payload: input.payload,
  });
  if (recorded) await insertEventLog(trx, { event_id: id, message: input.log.message, level: input.log.level ?? 'info' });
  return recorded;
}
