import type { Knex } from 'knex';

/** What a schema's outbox still has to publish: the relay's lag, as an operator reads it. */
export interface OutboxBacklog {
  unpublished: number;
  /** When the oldest unpublished event was written; null when nothing waits. */
  oldestAt: Date | null;
  /** Unpublished events the relay has already failed to publish, and the last error it recorded. */
  failing: number;
  lastError: string | null;
}

/** The backlog of the outbox `db` is bound to; null when the schema has no outbox (not migrated). */
export async function outboxBacklog(db: Knex): Promise<OutboxBacklog | null> {
  const { rows } = await db.raw<{ rows: Array<{ table: string | null }> }>(`select to_regclass('outbox')::text as table`);
  if (!rows[0].table) return null;
  const [summary] = await db('outbox')
    .whereNull('published_at')
    .select<Array<{ unpublished: number; oldest_at: Date | null; failing: number }>>(
      db.raw('count(*)::int as unpublished'),
      db.raw('min(created_at) as oldest_at'),
      db.raw('(count(*) filter (where attempts > 0))::int as failing'),
    );
  const last = await db('outbox').whereNull('published_at').whereNotNull('last_error').orderBy('seq', 'desc').first<{ last_error: string } | undefined>('last_error');
  return { unpublished: summary.unpublished, oldestAt: summary.oldest_at, failing: summary.failing, lastError: last?.last_error ?? null };
}
