import amqp from 'amqplib';
import { AmqpBus, startRelay } from '@dp/bus';
import { addToOutbox, createDb, migrate, outboxChannel } from '@dp/db';
import { envelope } from '@dp/events';
import { createLogger } from '@dp/log';
import { eventually, requireInfrastructure, TEST_AMQP_URL, TEST_DATABASE_URL, queueFamily, recordResources, uniqueNamespace } from '@dp/testing';

/** A commit that lands while the relay is busy publishing must wake it again, not wait for the poll. */
const ns = uniqueNamespace('wake');
const schema = `${ns}relay`;
const exchange = `${ns}events`;
const queue = `${ns}q`;
recordResources({ queues: queueFamily(queue), exchanges: [exchange] });
const log = createLogger('relay-wakeup', 'silent');
const db = createDb({ url: TEST_DATABASE_URL, schema });

beforeAll(async () => {
  await requireInfrastructure();
  await migrate(db, schema, []);
});
afterAll(async () => {
  await db.raw('drop schema if exists ?? cascade', [schema]);
  await db.destroy();
  const conn = await amqp.connect(TEST_AMQP_URL);
  const ch = await conn.createChannel();
  for (const suffix of ['', '.retry', '.dlq']) await ch.deleteQueue(`${queue}${suffix}`);
  await ch.deleteExchange(exchange);
  await conn.close();
});

test('When events are committed a few ms apart, Then every one reaches the consumer well before the 5 s poll', async () => {
  const bus = new AmqpBus({ url: TEST_AMQP_URL, exchange, log });
  const delays: number[] = [];
  const committedAt = new Map<string, number>();
  await bus.subscribe({ queue, bindings: ['wake.#'], handle: async (e) => void delays.push(Date.now() - committedAt.get(e.id)!) });
  const relay = startRelay({ db, databaseUrl: TEST_DATABASE_URL, schema, bus, log, pollIntervalMs: 5000 });
  try {
    // The relay's LISTEN session is up (a readiness signal, not a fixed wait): until then a commit would only
    // be seen by the 5 s poll.
    await eventually(async () => {
      const { rows } = await db.raw('select count(*)::int as n from pg_stat_activity where query = ?', [`listen "${outboxChannel(schema)}"`]);
      return rows[0].n === 1;
    }, 15_000, 20);
    for (let pair = 0; pair < 8; pair++) {
      for (let i = 0; i < 2; i++) {
        const event = envelope('wake.test.happened', { pair, i }, { source: '/test' });
        await db.transaction((trx) => addToOutbox(trx, schema, event));
        committedAt.set(event.id, Date.now());
        await new Promise((r) => setTimeout(r, 2));
      }
      await new Promise((r) => setTimeout(r, 150));
    }
    const deadline = Date.now() + 15_000;
    while (delays.length < 16 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(delays).toHaveLength(16);
    expect(Math.max(...delays)).toBeLessThan(2000);
  } finally {
    await relay.stop();
    await bus.close();
  }
});
