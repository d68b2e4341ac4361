import type { Knex } from 'knex';
import type { CloudEvent } from '@dp/events';
import { currentTraceContext } from '@dp/tracing';

/** Channel the relay LISTENs on; NOTIFY is delivered at commit, so the relay wakes only for committed rows. */
export function outboxChannel(schema: string): string {
  return `outbox_${schema}`;
}

/**
 * Adds events to the outbox inside the caller's transaction: they are published if and only if the change
 * they describe commits. Request handlers never publish directly. Each row keeps the trace context it was
 * written in (the request's or the handled event's span), which the relay sends along with the event.
 */
export async function addToOutbox(trx: Knex.Transaction, schema: string, ...events: CloudEvent[]): Promise<void> {
  if (events.length === 0) return;
  const { traceparent = null, tracestate = null } = currentTraceContext();
  await trx('outbox').insert(events.map((e) => ({ id: e.id, type: e.type, event: JSON.stringify(e), traceparent, tracestate })));
  await trx.raw('select pg_notify(?, ?)', [outboxChannel(schema), '']);
}

export interface OutboxRow {
  seq: string;
  id: string;
  type: string;
  event: CloudEvent;
}

/**
 * Claims the oldest unpublished rows; SKIP LOCKED lets several relays share one outbox. Each event carries the
 * trace context of its row as the CloudEvents distributed-tracing extension (`traceparent`, `tracestate`).
 */
export async function claimUnpublished(trx: Knex.Transaction, limit: number): Promise<OutboxRow[]> {
  const rows: Array<OutboxRow & { traceparent: string | null; tracestate: string | null }> = await trx('outbox')
    .select('seq', 'id', 'type', 'event', 'traceparent', 'tracestate')
    .whereNull('published_at')
    .orderBy('seq')
    .limit(limit)
    .forUpdate()
    .skipLocked();
  return rows.map(({ traceparent, tracestate, ...row }) => ({
    ...row,
    event: { ...row.event, ...(traceparent ? { traceparent } : {}), ...(tracestate ? { tracestate } : {}) },
  }));
}

export async function markPublished(trx: Knex.Transaction, seqs: string[]): Promise<void> {
  // One array parameter, not one per row: the same statement text for every batch size.
  await trx('outbox').whereRaw('seq = any(?::bigint[])', [seqs]).update({ published_at: trx.fn.now() });
}

export async function recordPublishFailure(db: Knex, seqs: string[], error: string): Promise<void> {
  await db('outbox')
    .whereIn('seq', seqs)
    .update({ attempts: db.raw('attempts + 1'), last_error: error.slice(0, 2000) });
}

/** Published rows older than `olderThanHours` are removed by the relay now and then. */
export async function prunePublished(db: Knex, olderThanHours: number): Promise<number> {
  return db('outbox')
    .whereNotNull('published_at')
    .where('published_at', '<', db.raw(`now() - make_interval(hours => ?)`, [olderThanHours]))
    .delete();
}
