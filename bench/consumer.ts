import v8 from 'node:v8';
import vm from 'node:vm';
import amqp from 'amqplib';
import { AmqpBus, declareConsumer, startConsumer, type ConsumerHandler } from '@dp/bus';
import { createDb, migrate } from '@dp/db';
import { envelope } from '@dp/events';
import type { Logger } from '@dp/log';
import { benchResources } from './stack';
import { nowMs, sleep } from './stats';

export interface ConsumerBenchOptions {
  databaseUrl: string;
  amqpUrl: string;
  namespace: string;
  events: number;
  timeoutMs: number;
  log: Logger;
}

export interface ConsumerBenchResult {
  events: number;
  handled: number;
  seconds: number;
  eventsPerSecond: number;
  /** CPU time of this process (the consumer: amqplib, the inbox transaction, the handler) per handled event. */
  cpuMsPerEvent: number;
  prefetch: number;
  timedOut: boolean;
  /** events/s of each tenth of the backlog, in order: a steady drain has no slow tenth. */
  tenthsPerSecond: number[];
  /** This process's resident memory, MiB: when the first tenth was handled, the most at any second, at the end. */
  rssMiB: { firstTenth: number; peak: number; last: number };
  /** Live heap after a full garbage collection, MiB, when the first tenth was handled and at the end: flat memory is these two alike. */
  liveHeapMiB: { firstTenth: number; last: number };
}

const PROBE = 'bench.consumer.probe';

// A full collection on demand, without starting node with --expose-gc: what is live, not what V8 has yet to free.
v8.setFlagsFromString('--expose-gc');
const collect = vm.runInNewContext('gc') as () => void;
const liveHeapMiB = () => {
  collect();
  return process.memoryUsage().heapUsed / 1024 / 1024;
};
const PREFETCH = 16; // the bus's default, stated so the report can show it

/**
 * What one worker replica drains: N events waiting in its queue (published beforehand with confirms), then
 * one `startConsumer` handles them as a service's worker does (an inbox row and one write of the handler's
 * own in one transaction per event); timed from the consumer's start until the last is handled, with the CPU
 * this process spent meanwhile. The queue is declared and filled before the consumer starts, so the figure is
 * the steady drain, not the publisher's pace (and no delivery holds a connection while it waits). With `BENCH_CONSUMER_EVENTS=1000000` it is issue 28's
 * backlog: each tenth's rate and the process's memory show whether the drain stays steady and flat.
 */
export async function benchConsumer(opts: ConsumerBenchOptions): Promise<ConsumerBenchResult> {
  const { exchange, consumerSchema: schema, consumerQueue: queue } = benchResources(opts.namespace);
  const db = createDb({ url: opts.databaseUrl, schema, poolMax: 5 });
  const publisher = new AmqpBus({ url: opts.amqpUrl, exchange, log: opts.log, connectionName: 'bench-consumer-publisher' });
  const subscriber = new AmqpBus({ url: opts.amqpUrl, exchange, log: opts.log, connectionName: 'bench-consumer' });
  try {
    await migrate(db, schema, []);
    await db.raw('create table if not exists ?? (id text primary key, at timestamptz not null default now())', [`${schema}.handled`]);
    let handled = 0;
    const tenth = Math.max(1, Math.floor(opts.events / 10));
    const tenthsAt: number[] = [];
    const mib = () => process.memoryUsage().rss / 1024 / 1024;
    let rssFirstTenth = 0;
    let liveFirstTenth = 0;
    const handler: ConsumerHandler<{ seq: number }> = {
      type: PROBE,
      handle: async (event, trx) => {
        await trx('handled').insert({ id: event.id });
        handled += 1;
        if (handled % tenth === 0 && tenthsAt.length < 10) {
          tenthsAt.push(nowMs());
          if (tenthsAt.length === 1) {
            rssFirstTenth = mib();
            liveFirstTenth = liveHeapMiB();
          }
        }
      },
    };
    // The queue as the worker declares it, filled before anyone consumes it.
    const connection = await amqp.connect(opts.amqpUrl);
    const channel = await connection.createChannel();
    await declareConsumer(channel, exchange, queue, [PROBE]);
    await connection.close();
    if (!(await publisher.waitUntilConnected(10_000))) throw new Error('consumer bench: broker not reachable');
    for (let i = 0; i < opts.events; i += 500) {
      const batch = Array.from({ length: Math.min(500, opts.events - i) }, (_, k) => envelope(PROBE, { seq: i + k }, { source: '//bench/consumer' }));
      await publisher.publish(batch);
    }
    const cpu0 = process.cpuUsage();
    const started = nowMs();
    let rssPeak = mib();
    const sampling = setInterval(() => (rssPeak = Math.max(rssPeak, mib())), 1000);
    await startConsumer({ db, bus: subscriber, queue, handlers: [handler], log: opts.log, prefetch: PREFETCH });
    let timedOut = false;
    while (handled < opts.events) {
      if (nowMs() - started > opts.timeoutMs) {
        timedOut = true;
        break;
      }
      await sleep(10);
    }
    clearInterval(sampling);
    const seconds = (nowMs() - started) / 1000;
    const cpu = process.cpuUsage(cpu0);
    const tenthsPerSecond = tenthsAt.map((at, i) => tenth / ((at - (i === 0 ? started : tenthsAt[i - 1])) / 1000));
    return {
      events: opts.events,
      handled,
      seconds,
      eventsPerSecond: handled / seconds,
      cpuMsPerEvent: (cpu.user + cpu.system) / 1000 / Math.max(handled, 1),
      prefetch: PREFETCH,
      timedOut,
      tenthsPerSecond,
      rssMiB: { firstTenth: rssFirstTenth, peak: Math.max(rssPeak, mib()), last: mib() },
      liveHeapMiB: { firstTenth: liveFirstTenth, last: liveHeapMiB() },
    };
  } finally {
    await subscriber.close();
    await publisher.close();
    await db.raw('drop schema if exists ?? cascade', [schema]).catch(() => undefined);
    await db.destroy();
  }
}
