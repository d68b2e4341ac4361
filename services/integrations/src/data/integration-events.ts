import type { Knex } from 'knex';
import { type ListParams } from '@dp/http';
import { inSnapshot, paginate } from '@dp/db';

export interface IntegrationEventRow {
  seq: string;
  id: string;
  integration_id: string;
  installation_id: string | null;
  event_id: string;
  type: string;
  status: 'pending' | 'success' | 'failed';
  payload: Record<string, unknown>;
  /** Attempts made so far (the one in flight included). */
  attempts: number;
  /** When it is next tried; null once delivered or failed for good. */
  next_attempt_at: Date | null;
  /** Until when an attempt in flight holds it; past it (the worker died), it is due again. */
  leased_until: Date | null;
  finished_at: Date | null;
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
  row: { id: string; integration_id: string; installation_id: string; event_id: string; type: string; payload: object },
): Promise<boolean> {
  // Due at once: the integrations worker delivers it (docs/adr/0043).
  const inserted = await db('integration_events')
    .insert({ ...row, status: 'pending', next_attempt_at: db.fn.now(), payload: JSON.stringify(row.payload) })
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

const listEventLogs = (db: Knex, eventId: string): Promise<EventLogRow[]> => db<EventLogRow>('integration_event_logs').where({ event_id: eventId }).orderBy('seq').limit(1000);

/**
 * An event and its trace as of one moment: both read in one snapshot, because an attempt
 * writes its status and its trace entry together, and two plain reads could see the entry ("delivered") of an
 * attempt whose status they read from before it (still pending, which the API shows as failed).
 */
export function findIntegrationEventWithLogs(db: Knex, integrationId: string, id: string): Promise<{ event: IntegrationEventRow; logs: EventLogRow[] } | undefined> {
  return inSnapshot(db, async (trx) => {
    const event = await findIntegrationEvent(trx, integrationId, id);
    return event ? { event, logs: await listEventLogs(trx, event.id) } : undefined;
  });
}

/** An event due for an attempt: which integration it is for, to keep within each integration's concurrency. */
export interface DueEvent {
  id: string;
  integration_id: string;
}

/**
 * Takes the events due now (not leased, or their lease ran out) that `choose` keeps among the oldest due,
 * each leased for `leaseMs` and its attempt counted, in one transaction; other workers skip them.
 */
export async function claimDueEvents(db: Knex, limit: number, leaseMs: number, choose: (due: DueEvent[]) => string[]): Promise<IntegrationEventRow[]> {
  return db.transaction(async (trx) => {
    const due: DueEvent[] = await trx('integration_events')
      .select('id', 'integration_id')
      .where({ status: 'pending' })
      .where('next_attempt_at', '<=', trx.fn.now())
      .where((q) => q.whereNull('leased_until').orWhere('leased_until', '<', trx.fn.now()))
      .orderBy('next_attempt_at')
      .limit(limit)
      .forUpdate()
      .skipLocked();
    const ids = choose(due);
    if (!ids.length) return [];
    return trx<IntegrationEventRow>('integration_events')
      .whereIn('id', ids)
      .update({ leased_until: trx.raw(`now() + make_interval(secs => ?)`, [leaseMs / 1000]), attempts: trx.raw('attempts + 1') })
      .returning('*');
  });
}

/**
 * What an attempt leaves on the event, with its trace entry, unless the event moved on meanwhile (its lease
 * ran out and another attempt took it): then nothing is written and false is returned.
 */
export async function recordAttempt(
  db: Knex,
  event: Pick<IntegrationEventRow, 'id' | 'attempts'>,
  outcome: { status: IntegrationEventRow['status']; retryInMs?: number },
  log: { message: string; level: string },
): Promise<boolean> {
  return db.transaction(async (trx) => {
    const updated = await trx('integration_events')
      .where({ id: event.id, attempts: event.attempts, status: 'pending' })
      .update({
        status: outcome.status,
        leased_until: null,
        next_attempt_at: outcome.retryInMs === undefined ? null : trx.raw(`now() + make_interval(secs => ?)`, [outcome.retryInMs / 1000]),
        finished_at: outcome.status === 'pending' ? null : trx.fn.now(),
      });
    if (!updated) return false;
    await insertEventLog(trx, { event_id: event.id, ...log });
    return true;
  });
}

/** Puts a delivered or failed event back in line for a full new schedule of attempts (a manual redelivery). */
export async function requeueEvent(db: Knex, id: string, log: { message: string; level: string }): Promise<IntegrationEventRow | undefined> {
  return db.transaction(async (trx) => {
    const [event] = await trx<IntegrationEventRow>('integration_events')
      .where({ id })
      .whereNot({ status: 'pending' })
      .update({ status: 'pending', attempts: 0, next_attempt_at: trx.fn.now(), leased_until: null, finished_at: null })
      .returning('*');
    if (event) await insertEventLog(trx, { event_id: id, ...log });
    return event;
  });
}
