import amqp from 'amqplib';
import { AmqpBus, startConsumer, startRelay, type ConsumerHandler } from '@dp/bus';
import { addToOutbox, createDb, migrate } from '@dp/db';
import { envelope } from '@dp/events';
import type { Logger } from '@dp/log';
import { benchResources } from './stack';
import { nowMs, sleep, summarize, type LatencySummary } from './stats';

export interface LatencyBenchOptions {
  databaseUrl: string;
  amqpUrl: string;
  namespace: string;
  ratePerSecond: number;
  durationS: number;
  /** Sent at the same rate first; not counted. */
  warmupS: number;
  log: Logger;
}

export interface LatencyBenchResult {
  sent: number;
  received: number;
  ratePerSecond: number;
  /** Achieved commit rate over the measured window. */
  achievedRate: number;
  /** receive time (consumer handler entered) - commit time stamped in the event's data. */
  latency: LatencySummary;
  /** Events slower than 500 ms (e.g. a wake-up the relay missed, leaving the event to its 1 s poll). */
  over500ms: number;
  /** The slowest event's position in the measured sequence (0-based), to tell a mid-run stall from the last event. */
  slowestIndex: number;
  /** How long the producing transaction took from the stamp to COMMIT returning (the stamp's head start). */
  commitMs: LatencySummary;
}

const PROBE = 'bench.latency.probe';

interface Probe {
  seq: number;
  warmup: boolean;
  /** Epoch ms (sub-ms) taken inside the producing transaction, right before the insert and COMMIT. */
  committedAt: number;
}

/**
 * Commit-to-consumer latency: events committed one per transaction at a fixed rate with addToOutbox, relayed
 * by startRelay (LISTEN/NOTIFY wake-up), consumed by startConsumer on its own connection and pool.
 */
export async function benchLatency(opts: LatencyBenchOptions): Promise<LatencyBenchResult> {
  const { exchange, latencySchema: schema, latencyQueue: queue } = benchResources(opts.namespace);
  // As in production: the api commits, the publishing worker relays, a consuming worker handles.
  const producerDb = createDb({ url: opts.databaseUrl, schema, poolMax: 10 });
  const relayDb = createDb({ url: opts.databaseUrl, schema, poolMax: 2 });
  const consumerDb = createDb({ url: opts.databaseUrl, schema, poolMax: 5 });
  const publisher = new AmqpBus({ url: opts.amqpUrl, exchange, log: opts.log, connectionName: 'bench-latency-relay' });
  const subscriber = new AmqpBus({ url: opts.amqpUrl, exchange, log: opts.log, connectionName: 'bench-latency-consumer' });
  let stopRelay = async (): Promise<void> => undefined;
  try {
    await migrate(producerDb, schema, []);
    const samples: number[] = [];
    const bySeq = new Map<number, number>();
    const handler: ConsumerHandler<Probe> = {
      type: PROBE,
      handle: async (event) => {
        const at = nowMs();
        if (event.data.warmup || bySeq.has(event.data.seq)) return;
        bySeq.set(event.data.seq, at - event.data.committedAt);
        samples.push(at - event.data.committedAt);
      },
    };
    await startConsumer({ db: consumerDb, bus: subscriber, queue, handlers: [handler], log: opts.log });
    if (!(await publisher.waitUntilConnected(10_000)) || !(await subscriber.waitUntilConnected(10_000))) {
      throw new Error('latency bench: broker not reachable');
    }
    const relay = startRelay({ db: relayDb, databaseUrl: opts.databaseUrl, schema, bus: publisher, log: opts.log });
    stopRelay = () => relay.stop();
    await sleep(300); // the relay's LISTEN connection

    const commitMs: number[] = [];
    const commit = async (seq: number, warmup: boolean) => {
      let stamp = 0;
      await producerDb.transaction(async (trx) => {
        stamp = nowMs();
        const probe: Probe = { seq, warmup, committedAt: stamp };
        await addToOutbox(trx, schema, envelope(PROBE, probe, { source: '//bench/latency' }));
      });
      if (!warmup) commitMs.push(nowMs() - stamp);
    };

    const intervalMs = 1000 / opts.ratePerSecond;
    const warmupCount = Math.round(opts.warmupS * opts.ratePerSecond);
    const measuredCount = Math.round(opts.durationS * opts.ratePerSecond);
    const pending: Array<Promise<void>> = [];
    const start = nowMs();
    let measuredStart = start;
    for (let i = 0; i < warmupCount + measuredCount; i++) {
      const due = start + i * intervalMs;
      const wait = due - nowMs();
      if (wait > 0.5) await sleep(wait);
      if (i === warmupCount) measuredStart = nowMs();
      pending.push(commit(i, i < warmupCount));
    }
    await Promise.all(pending);
    const achievedRate = measuredCount / ((nowMs() - measuredStart) / 1000);

    const deadline = nowMs() + 15_000;
    while (samples.length < measuredCount && nowMs() < deadline) await sleep(20);
    let slowest = { seq: warmupCount - 1, ms: -1 };
    for (const [seq, ms] of bySeq) if (ms > slowest.ms) slowest = { seq, ms };
    const slowestIndex = slowest.seq - warmupCount;
    return {
      sent: measuredCount,
      received: samples.length,
      ratePerSecond: opts.ratePerSecond,
      achievedRate,
      latency: summarize(samples),
      over500ms: samples.filter((ms) => ms > 500).length,
      slowestIndex,
      commitMs: summarize(commitMs),
    };
  } finally {
    await stopRelay();
    await subscriber.close();
    await publisher.close();
    for (const db of [consumerDb, relayDb]) await db.destroy();
    await producerDb.raw('drop schema if exists ?? cascade', [schema]).catch(() => undefined);
    await producerDb.destroy();
    // Queues and exchange: startConsumer declared `<queue>`, `.retry`, `.dlq`.
    await deleteQueues(opts.amqpUrl, [queue, `${queue}.retry`, `${queue}.dlq`], exchange);
  }
}

async function deleteQueues(url: string, queues: string[], exchange: string): Promise<void> {
  const conn = await amqp.connect(url);
  conn.on('error', () => undefined);
  try {
    const ch = await conn.createChannel();
    ch.on('error', () => undefined);
    for (const q of queues) await ch.deleteQueue(q);
    await ch.deleteExchange(exchange);
  } finally {
    await conn.close().catch(() => undefined);
  }
}
