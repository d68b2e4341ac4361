import pg from 'pg';
import type { Knex } from 'knex';
import type { Logger } from '@dp/log';
import { timePublish } from '@dp/metrics';
import { claimUnpublished, markPublished, outboxChannel, prunePublished, recordPublishFailure } from '@dp/db';
import type { Bus } from './types';

export interface RelayOptions {
  db: Knex;
  /** Connection string for the LISTEN connection that wakes the relay on commit. */
  databaseUrl: string;
  schema: string;
  bus: Bus;
  log: Logger;
  batchSize?: number;
  /** Safety net when a notification is missed (e.g. the LISTEN connection was down). */
  pollIntervalMs?: number;
  /** Published rows are kept this long for inspection, then pruned. */
  retainHours?: number;
}

export interface Relay {
  stop(): Promise<void>;
  /** Publishes everything pending now; resolves with how many events went out. */
  flush(): Promise<number>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The outbox relay: claims unpublished rows (SKIP LOCKED, so relays can run side by side), publishes them
 * with publisher confirms and marks them published in the same transaction. A crash between confirm and
 * commit republishes the batch, which consumers' inboxes absorb: at-least-once, exactly-once in effect.
 */
export function startRelay(opts: RelayOptions): Relay {
  const { db, bus, log, schema } = opts;
  const batchSize = opts.batchSize ?? 500;
  const pollIntervalMs = opts.pollIntervalMs ?? 1000;
  let running = true;
  let wake: (() => void) | undefined;
  // A NOTIFY that arrives while a batch is being published must not be lost: it means "look again".
  let notified = false;
  let listener: pg.Client | undefined;
  let failures = 0;

  const relayBatch = async (): Promise<number> => {
    let claimedSeqs: string[] = [];
    try {
      return await db.transaction(async (trx) => {
        const rows = await claimUnpublished(trx, batchSize);
        if (rows.length === 0) return 0;
        claimedSeqs = rows.map((r) => r.seq);
        // dp_relay_published_total, dp_relay_confirm_duration_seconds, dp_relay_publish_failures_total
        const confirmed = timePublish(schema);
        await bus.publish(rows.map((r) => r.event)).catch((err: unknown) => {
          confirmed({ failed: true });
          throw err;
        });
        confirmed({ published: rows.length });
        await markPublished(trx, claimedSeqs);
        return rows.length;
      });
    } catch (err) {
      if (claimedSeqs.length) await recordPublishFailure(db, claimedSeqs, (err as Error).message).catch(() => undefined);
      throw err;
    }
  };

  const flush = async (): Promise<number> => {
    let total = 0;
    for (;;) {
      const n = await relayBatch();
      total += n;
      if (n < batchSize) return total;
    }
  };

  const listen = async () => {
    while (running && !listener) {
      const client = new pg.Client({ connectionString: opts.databaseUrl });
      client.on('error', (err) => {
        log.warn({ err: err.message }, 'outbox LISTEN connection error');
        if (listener === client) listener = undefined;
        client.end().catch(() => undefined);
        if (running) setTimeout(() => void listen(), 1000);
      });
      client.on('notification', () => {
        notified = true;
        wake?.();
      });
      try {
        await client.connect();
        await client.query(`listen "${outboxChannel(schema)}"`);
        if (!running) {
          // stop() ran while this connection was being opened and could not end it: it would leak.
          await client.end().catch(() => undefined);
          return;
        }
        listener = client;
      } catch (err) {
        log.warn({ err: (err as Error).message }, 'outbox LISTEN failed; relying on polling');
        await client.end().catch(() => undefined);
        await sleep(2000);
      }
    }
  };

  const loop = (async () => {
    void listen();
    let lastPrune = 0;
    while (running) {
      let more = false;
      try {
        notified = false;
        const n = await relayBatch();
        if (n > 0) log.debug({ published: n }, 'outbox batch published');
        if (failures > 0) log.info('outbox relay recovered');
        failures = 0;
        more = n === batchSize || notified;
        if (Date.now() - lastPrune > 3_600_000) {
          lastPrune = Date.now();
          await prunePublished(db, opts.retainHours ?? 72);
        }
      } catch (err) {
        failures++;
        if (running) log.warn({ err: (err as Error).message, failures }, 'outbox relay could not publish; will retry');
        await sleep(Math.min(5000, 100 * 2 ** Math.min(failures, 6)));
        continue;
      }
      if (!more && running) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, pollIntervalMs);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wake = undefined;
      }
    }
  })();

  return {
    flush,
    async stop() {
      running = false;
      wake?.();
      await loop;
      await listener?.end().catch(() => undefined);
    },
  };
}
