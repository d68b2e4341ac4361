import type { Knex } from 'knex';
import type { Logger } from '@dp/log';
import { timePublish } from '@dp/metrics';
import { claimUnpublished, markPublished, outboxChannel, prunePublished, recordPublishFailure } from '@dp/db';
import { listenForNotifications } from './notifications';
import type { Bus } from './types';

export interface RelayOptions {
  db: Knex;
  /** Connection string for the LISTEN connection that wakes the relay on commit (one per process: notifications.ts). */
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
  const subscription = listenForNotifications(opts.databaseUrl, outboxChannel(schema), () => {
    notified = true;
    wake?.();
  }, log);
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

  const loop = (async () => {
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
      await subscription.close();
    },
  };
}
