import amqp from 'amqplib';
import { AmqpBus, messageOptions, startRelay } from '@dp/bus';
import { createDb, migrate } from '@dp/db';
import { ContentEvents, envelope } from '@dp/events';
import { relayLanes } from '@dp/runtime';
import type { Logger } from '@dp/log';
import { benchResources } from './stack';
import { nowMs, sleep } from './stats';

export interface RelayBenchOptions {
  databaseUrl: string;
  amqpUrl: string;
  namespace: string;
  events: number;
  /** Give up (and report what went out) after this long. */
  timeoutMs: number;
  log: Logger;
}

export interface RelayBenchResult {
  events: number;
  published: number;
  /** Messages found in the bound queue afterwards: proves they were routed, not dropped by the exchange. */
  routed: number;
  seconds: number;
  eventsPerSecond: number;
  batchSize: number;
  timedOut: boolean;
  /**
   * The same events published straight to the same exchange on a confirm channel, in batches of the same size
   * each waiting for its confirms (what the relay does, without PostgreSQL), before and after the relay; the
   * mean of the two is the ratio's reference.
   */
  raw: { before: number; after: number; eventsPerSecond: number };
  /** eventsPerSecond / raw.eventsPerSecond. */
  ratio: number;
}

const BATCH_SIZE = 500; // startRelay's default, stated so the report can show it

/** A space snapshot like the ones content.space.* events carry (~400 bytes on the wire). */
function spaceDeleted(i: number, organization: string) {
  const at = new Date().toISOString();
  const id = `bench${String(i).padStart(15, '0')}`;
  return envelope(
    ContentEvents.SPACE_DELETED,
    {
      id,
      organization,
      title: `Bench space ${i}`,
      emoji: null,
      visibility: 'private',
      editMode: 'live',
      parent: null,
      defaultLevel: 'inherit',
      revision: 'r1',
      createdAt: at,
      updatedAt: at,
      deletedAt: at,
    },
    { source: '//bench/content', subject: `spaces/${id}` },
  );
}

/** Publishes `events` as the relay's bus does (same options), `batchSize` at a time, each batch confirmed; events/s. */
async function rawConfirmedPublish(conn: amqp.ChannelModel, exchange: string, events: Array<ReturnType<typeof spaceDeleted>>, batchSize: number): Promise<number> {
  const channel = await conn.createConfirmChannel();
  try {
    const started = nowMs();
    for (let at = 0; at < events.length; at += batchSize) {
      for (const event of events.slice(at, at + batchSize)) channel.publish(exchange, event.type, Buffer.from(JSON.stringify(event)), messageOptions(event));
      await channel.waitForConfirms();
    }
    return events.length / ((nowMs() - started) / 1000);
  } finally {
    await channel.close();
  }
}

/**
 * Fills a dedicated schema's outbox with N events, then times one relay (AmqpBus, publisher confirms)
 * publishing all of them to a dedicated exchange with a queue bound to it.
 */
export async function benchRelay(opts: RelayBenchOptions): Promise<RelayBenchResult> {
  const { exchange, relaySchema: schema, relayQueue: queue } = benchResources(opts.namespace);
  const db = createDb({ url: opts.databaseUrl, schema });
  const conn = await amqp.connect(opts.amqpUrl);
  conn.on('error', () => undefined);
  const bus = new AmqpBus({ url: opts.amqpUrl, exchange, log: opts.log, connectionName: 'bench-relay' });
  try {
    await migrate(db, schema, []);
    const events = Array.from({ length: opts.events }, (_, i) => spaceDeleted(i, 'benchOrg0000000000000'));
    const rows = events.map((event) => ({ id: event.id, type: event.type, event: JSON.stringify(event) }));
    await db.batchInsert('outbox', rows, 1000);
    await db.raw('analyze outbox');

    const ch = await conn.createChannel();
    ch.on('error', () => undefined);
    await ch.assertExchange(exchange, 'topic', { durable: true });
    await ch.assertQueue(queue, { durable: true });
    await ch.bindQueue(queue, exchange, '#');
    if (!(await bus.waitUntilConnected(10_000))) throw new Error('relay bench: broker not reachable');
    const rawBefore = await rawConfirmedPublish(conn, exchange, events, BATCH_SIZE);
    await ch.purgeQueue(queue);

    const unpublished = async () => Number((await db('outbox').whereNull('published_at').count<{ count: string }[]>({ count: '*' }))[0].count);
    const started = nowMs();
    // As a service's worker runs it with the default pool (libs/runtime relayLanes).
    const relay = startRelay({ db, databaseUrl: opts.databaseUrl, schema, bus, log: opts.log, batchSize: BATCH_SIZE, lanes: relayLanes(10) });
    let left = opts.events;
    let timedOut = false;
    try {
      while (left > 0) {
        if (nowMs() - started > opts.timeoutMs) {
          timedOut = true;
          break;
        }
        await sleep(20);
        left = await unpublished();
      }
    } finally {
      await relay.stop();
    }
    const seconds = (nowMs() - started) / 1000;
    const published = opts.events - left;
    const routed = (await ch.checkQueue(queue)).messageCount;
    await ch.purgeQueue(queue);
    const rawAfter = await rawConfirmedPublish(conn, exchange, events, BATCH_SIZE);
    await ch.purgeQueue(queue);
    const rawMean = (rawBefore + rawAfter) / 2;
    await ch.deleteQueue(queue);
    await ch.deleteExchange(exchange);
    const eventsPerSecond = published / seconds;
    return {
      events: opts.events,
      published,
      routed,
      seconds,
      eventsPerSecond,
      batchSize: BATCH_SIZE,
      timedOut,
      raw: { before: rawBefore, after: rawAfter, eventsPerSecond: rawMean },
      ratio: eventsPerSecond / rawMean,
    };
  } finally {
    await bus.close();
    await conn.close().catch(() => undefined);
    await db.raw('drop schema if exists ?? cascade', [schema]).catch(() => undefined);
    await db.destroy();
  }
}
