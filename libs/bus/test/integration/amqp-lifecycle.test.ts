import amqp from 'amqplib';
import { AmqpBus, InProcessBus, startRelay } from '@dp/bus';
import { createDb, migrate, outboxChannel } from '@dp/db';
import { envelope } from '@dp/events';
import { createLogger } from '@dp/log';
import { eventually, requireInfrastructure, TEST_AMQP_URL, TEST_DATABASE_URL, queueFamily, recordResources, uniqueNamespace } from '@dp/testing';

/** Regression tests of the bus's start and stop edges, on the real RabbitMQ and PostgreSQL. */
const ns = uniqueNamespace('buslc');
const exchange = `${ns}events`;
const queue = `${ns}q`;
recordResources({ queues: queueFamily(queue), exchanges: [exchange] });
const schema = `${ns}relay`;
const log = createLogger('bus-lifecycle', 'silent');
const db = createDb({ url: TEST_DATABASE_URL, schema, poolMax: 4 });

beforeAll(() => requireInfrastructure());

afterAll(async () => {
  await db.raw('drop schema if exists ?? cascade', [schema]);
  await db.destroy();
  const conn = await amqp.connect(TEST_AMQP_URL);
  conn.on('error', () => undefined);
  try {
    const ch = await conn.createChannel();
    for (const suffix of ['', '.retry', '.dlq']) await ch.deleteQueue(`${queue}${suffix}`);
    await ch.deleteExchange(exchange);
  } finally {
    await conn.close().catch(() => undefined);
  }
}, 30_000);

function withinMs<T>(ms: number, what: string, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what} did not settle within ${ms} ms`)), ms)));
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

test('When a consumer subscribes before its bus has connected, Then the queue is bound by the time subscribe resolves', async () => {
  const bus = new AmqpBus({ url: TEST_AMQP_URL, exchange, log });
  const received: string[] = [];
  try {
    expect(bus.connected).toBe(false);
    await bus.subscribe({ queue, bindings: ['lifecycle.ping'], handle: async (event) => void received.push(event.id) });

    // Published on another connection right away: routed to the queue, not dropped as unroutable.
    const conn = await amqp.connect(TEST_AMQP_URL);
    conn.on('error', () => undefined);
    const event = envelope('lifecycle.ping', {}, { source: '/test' });
    try {
      const ch = await conn.createConfirmChannel();
      ch.on('error', () => undefined);
      await ch.checkQueue(queue); // 404 if the queue is not there yet
      ch.publish(exchange, event.type, Buffer.from(JSON.stringify(event)), { persistent: true });
      await ch.waitForConfirms();
    } finally {
      await conn.close().catch(() => undefined);
    }
    await eventually(() => received.includes(event.id), 10_000);
  } finally {
    await bus.close();
  }
}, 30_000);

test('When an AmqpBus is closed while it is still connecting, Then close() resolves', async () => {
  const bus = new AmqpBus({ url: TEST_AMQP_URL, exchange, log });
  await withinMs(10_000, 'close()', bus.close());
  expect(bus.connected).toBe(false);
}, 30_000);

test('When a relay is stopped right after it starts, Then it leaves no LISTEN connection open', async () => {
  await migrate(db, schema, []);
  await Promise.all([1, 2, 3].map(() => db.raw('select 1'))); // a warm pool: the relay's first batch is quicker than its LISTEN connection
  for (let i = 0; i < 3; i++) await startRelay({ db, databaseUrl: TEST_DATABASE_URL, schema, bus: new InProcessBus(), log }).stop();
  const listening = async () => {
    const { rows } = await db.raw('select count(*)::int as n from pg_stat_activity where query = ?', [`listen "${outboxChannel(schema)}"`]);
    return rows[0].n as number;
  };
  await eventually(async () => (await listening()) === 0, 5000, 100);
}, 30_000);

test('When the broker cancels a consumer because its queue was deleted, Then the bus re-declares the queue and consumes again', async () => {
  const cancelQueue = `${queue}_cancel`;
  const bus = new AmqpBus({ url: TEST_AMQP_URL, exchange, log });
  const received: string[] = [];
  const conn = await amqp.connect(TEST_AMQP_URL);
  conn.on('error', () => undefined);
  try {
    await bus.subscribe({ queue: cancelQueue, bindings: ['lifecycle.cancel'], handle: async (event) => void received.push(event.id) });
    const ch = await conn.createChannel();
    ch.on('error', () => undefined);
    await ch.deleteQueue(cancelQueue);
    // A failed checkQueue closes its channel: probe on a fresh one each time.
    const queueExists = async () => {
      const probe = await conn.createChannel();
      probe.on('error', () => undefined);
      return probe.checkQueue(cancelQueue).then(
        () => probe.close().then(() => true),
        () => false,
      );
    };
    await eventually(async () => (await queueExists()) && bus.connected, 10_000);
    const event = envelope('lifecycle.cancel', {}, { source: '/test' });
    await bus.publish([event]);
    await eventually(() => received.includes(event.id), 10_000);
  } finally {
    await bus.close();
    const ch = await conn.createChannel();
    for (const suffix of ['', '.retry', '.dlq']) await ch.deleteQueue(`${cancelQueue}${suffix}`);
    await conn.close().catch(() => undefined);
  }
}, 30_000);
