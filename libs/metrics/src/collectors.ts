import type { Knex } from 'knex';
import type { OutboxBacklog as Backlog } from '@dp/db';
import { Gauge } from 'prom-client';
import { PREFIX, registry } from './registry';

/**
 * Values read when Prometheus scrapes, not kept up to date between scrapes: the outbox's backlog (a query on
 * the process's own schema), the dead-letter queues' depth (a passive declare on the broker) and the
 * database pool's use. Each process registers its sources and removes them when it stops.
 */
type Source<T> = { labels: Record<string, string>; read: () => Promise<T | undefined> | T | undefined };

function scrapedGauge<T>(name: string, help: string, labelNames: string[], values: (value: T) => Array<[Record<string, string>, number]>) {
  const sources = new Set<Source<T>>();
  new Gauge({
    name: `${PREFIX}${name}`,
    help,
    labelNames,
    registers: [registry],
    async collect() {
      this.reset();
      await Promise.all(
        [...sources].map(async (source) => {
          // A source that cannot answer now (database or broker down) leaves its series out of this scrape:
          // the scrape itself still succeeds, and `absent()` or the other alerts tell.
          const value = await Promise.resolve()
            .then(() => source.read())
            .catch(() => undefined);
          if (value === undefined) return;
          for (const [extra, n] of values(value)) this.set({ ...source.labels, ...extra }, n);
        }),
      );
    },
  });
  return (source: Source<T>) => {
    sources.add(source);
    return () => void sources.delete(source);
  };
}

/** What libs/db `outboxBacklog` answers (null: the schema has no outbox yet); the gauges read two of its fields. */
export type OutboxBacklog = Pick<Backlog, 'unpublished' | 'oldestAt'>;

const outboxRows = scrapedGauge<OutboxBacklog>('outbox_backlog', 'Outbox rows not yet published, by schema (every relay of a schema reports the same rows: use max, not sum)', ['schema'], (v) => [
  [{}, v.unpublished],
]);
const outboxOldest = scrapedGauge<OutboxBacklog>('outbox_oldest_age_seconds', 'Age of the oldest unpublished outbox row, by schema; 0 when the outbox is drained', ['schema'], (v) => [
  [{}, v.oldestAt ? Math.max(0, (Date.now() - v.oldestAt.getTime()) / 1000) : 0],
]);

/** Reports a schema's outbox at each scrape: one `read` (libs/db `outboxBacklog`) for both gauges. Returns the unregister. */
export function watchOutbox(schema: string, read: () => Promise<OutboxBacklog | null>): () => void {
  // The registry collects its metrics together: the second gauge takes the answer the first one asked for.
  let pending: Promise<OutboxBacklog | undefined> | undefined;
  const shared = () => {
    pending ??= read()
      .then((v) => v ?? undefined)
      .finally(() => setTimeout(() => (pending = undefined), 0));
    return pending;
  };
  const offs = [outboxRows({ labels: { schema }, read: shared }), outboxOldest({ labels: { schema }, read: shared })];
  return () => offs.forEach((off) => off());
}

const dlqDepth = scrapedGauge<number>('dlq_depth', "Events parked in a queue's dead-letter queue (`<queue>.dlq`), waiting for an operator", ['queue'], (n) => [[{}, n]]);

/** Reports `<queue>.dlq`'s depth at each scrape, through the process's bus (`Bus.deadLetterDepth`). */
export function watchDeadLetters(queue: string, depth: (queue: string) => Promise<number>): () => void {
  return dlqDepth({ labels: { queue }, read: () => depth(queue) });
}

export interface PoolUse {
  used: number;
  free: number;
  pending: number;
  max: number;
}

const poolConnections = scrapedGauge<PoolUse>(
  'db_pool_connections',
  "Connections of the process's PostgreSQL pool: `used` (checked out), `free` (idle, open), `pending` (requests waiting for one)",
  ['process', 'state'],
  (p) => [
    [{ state: 'used' }, p.used],
    [{ state: 'free' }, p.free],
    [{ state: 'pending' }, p.pending],
  ],
);
const poolMax = scrapedGauge<PoolUse>('db_pool_max_connections', "Most connections the process's PostgreSQL pool opens (DB_POOL_MAX)", ['process'], (p) => [[{}, p.max]]);

/** What knex's pool (tarn) says of its connections; undefined once it is destroyed. */
export function knexPoolUse(db: Knex): PoolUse | undefined {
  const pool = db.client.pool;
  if (!pool || !('numUsed' in pool)) return undefined;
  const max = Number((db.client.config as Knex.Config | undefined)?.pool?.max ?? 0);
  return { used: pool.numUsed(), free: pool.numFree(), pending: pool.numPendingAcquires(), max };
}

/** Reports `db`'s pool as `process`'s at each scrape. Returns the unregister. */
export function watchPool(process: string, db: Knex): () => void {
  const read = () => knexPoolUse(db);
  const offs = [poolConnections({ labels: { process }, read }), poolMax({ labels: { process }, read })];
  return () => offs.forEach((off) => off());
}
