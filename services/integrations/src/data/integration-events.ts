import type { Knex } from 'knex';
import { type ListParams } from '@dp/http';
import { paginate } from '@dp/db';

export interface IntegrationEventRow {
  seq: string;
  id: string;
  integration_id: string;
  installation_id: string | null;
  event_id: string;
  type: string;
  status: string;
  payload: Record<string, unknown>;
  created_at: Date;
}

export interface EventLogRow {
  seq: string;
  event_id: string;
  message: string;
  level: string;
  logged_at: Date;
}

/** Records an event unless the installation already has one with that payload eventId; returns whether it did. */
export async function insertIntegrationEvent(
  db: Knex,
  row: { id: string; integration_id: string; installation_id: string; event_id: string; type: string; status: string; payload: object },
): Promise<boolean> {
  const inserted = await db('integration_events')
    .insert({ ...row, payload: JSON.stringify(row.payload) })
    .onConflict(['installation_id', 'event_id'])
    .ignore()
    .returning('id');
  return inserted.length > 0;
}

export async function insertEventLog(db: Knex, row: { event_id: string; message: string; level: string }): Promise<void> {
  await db('integration_event_logs').insert(row);
}

/** Newest first: an event log is read from its latest entries. */
export const listIntegrationEvents = (db: Knex, integrationId: string, params: ListParams) =>
  paginate<IntegrationEventRow>(db('integration_events').where({ integration_id: integrationId }), params, { order: 'desc' });

export const findIntegrationEvent = (db: Knex, integrationId: string, id: string) =>
  db<IntegrationEventRow>('integration_events').where({ integration_id: integrationId, id }).first();

export const listEventLogs = (db: Knex, eventId: string): Promise<EventLogRow[]> => db<EventLogRow>('integration_event_logs').where({ event_id: eventId }).orderBy('seq').limit(1000);
