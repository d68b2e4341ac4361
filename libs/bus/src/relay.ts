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
  /** Only its publishing is used. */
  bus: Pick<Bus, 'publish'>;
  log: Logger;
  batchSize?: number;
  /**
   * Batches in flight while a backlog drains (default 1): with 2, the next batch is claimed and published while
   * the one before waits for its confirms. Each holds a pool connection meanwhile.
   */
  lanes?: number;
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
        // Marking rows published need not wait for the disk: a mark lost in a crash republishes the batch, which
        // the consumers' inboxes absorb, as after any crash between confirm and commit.
        await trx.raw('set local synchronous_commit = off');
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

  /**
   * Publishes until a batch comes back short. A first full batch means a backlog: then `lanes` batches go at
   * once, each claiming the rows after the others' (SKIP LOCKED), so the database's work overlaps the broker's
   * confirms. Events of different batches may then be published out of order, as with several relays; consumers
   * never rely on the order (snapshots carry versions, docs/adr/0029). The first failure stops every lane.
   */
  const flush = async (): Promise<number> => {
    const first = await relayBatch();
    if (first < batchSize) return first;
    let total = first;
    let more = true;
    // A relay asked to stop finishes the batches in flight, not the backlog.
    const lane = async () => {
      while (more && running) {
        const n = await relayBatch().catch((err: unknown) => {
          more = false;
          throw err;
        });
        total += n;
        if (n < batchSize) more = false;
      }
    };
    const ended = await Promise.allSettled(Array.from({ length: Math.max(1, opts.lanes ?? 1) }, lane));
    const failed = ended.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
    return total;
  };

  const loop = (async () => {
    let lastPrune = 0;
    while (running) {
      let more = false;
      try {
        notified = false;
        const n = await flush();
        if (n > 0) log.debug({ published: n }, 'outbox events published');
        if (failures > 0) log.info('outbox relay recovered');
        failures = 0;
        more = notified;
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
