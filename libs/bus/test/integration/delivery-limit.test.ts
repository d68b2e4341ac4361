import amqp, { type ConsumeMessage } from 'amqplib';
import { AmqpBus, declareContextQueues, DELIVERY_LIMIT } from '@dp/bus';
import { envelope } from '@dp/events';
import { createLogger } from '@dp/log';
import { dropResources, eventually, queueFamily, recordResources, requireInfrastructure, TEST_AMQP_URL, uniqueNamespace } from '@dp/testing';

/**
 * The broker's guard behind the bus's own count (docs/adr/0050): a consuming queue is a quorum queue with
 * `x-delivery-limit`, dead-lettering at least once to the `.dlq`. An event that takes down every consumer
 * before anything settles it (the bus included: it never gets to write the attempt into the retry queue)
 * is parked there by the broker, not redelivered forever, and not dropped.
 */
const ns = uniqueNamespace('dlimit');
const exchange = `${ns}events`;
const queue = `${ns}q`;
recordResources({ queues: queueFamily(queue), exchanges: [exchange] });

beforeAll(() => requireInfrastructure({ postgres: false }));
afterAll(() => dropResources({ queues: queueFamily(queue), exchanges: [exchange] }), 30_000);

/** A consumer process that dies while handling its first delivery: its connection goes, the delivery unsettled. */
async function consumeAndDie(): Promise<ConsumeMessage | undefined> {
  const conn = await amqp.connect(TEST_AMQP_URL);
  conn.on('error', () => undefined);
  try {
    const ch = await conn.createChannel();
    await ch.prefetch(1);
    const delivered = new Promise<ConsumeMessage>((resolve) => void ch.consume(queue, (msg) => msg && resolve(msg)));
    const timeout = new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 1000));
    return await Promise.race([delivered, timeout]);
  } finally {
    await conn.close().catch(() => undefined);
  }
}

const depth = async (name: string) => {
  const conn = await amqp.connect(TEST_AMQP_URL);
  try {
    return (await (await conn.createChannel()).checkQueue(name)).messageCount;
  } finally {
    await conn.close();
  }
};

test(`When an event takes down every consumer before it is settled, Then after ${DELIVERY_LIMIT + 1} deliveries the broker parks it in the dead-letter queue, which reports why`, async () => {
  const conn = await amqp.connect(TEST_AMQP_URL);
  conn.on('error', () => undefined);
  const poison = envelope('limit.poison', {}, { source: '/test' });
  try {
    const ch = await conn.createConfirmChannel();
    await ch.assertExchange(exchange, 'topic', { durable: true });
    await declareContextQueues(ch, queue);
    await ch.bindQueue(queue, exchange, 'limit.#');
    ch.publish(exchange, poison.type, Buffer.from(JSON.stringify(poison)), { persistent: true, messageId: poison.id });
    await ch.waitForConfirms();
  } finally {
    await conn.close();
  }

  const counts: number[] = [];
  for (let crash = 0; crash < DELIVERY_LIMIT + 5; crash++) {
    const msg = await consumeAndDie();
    if (!msg) break;
    expect(msg.properties.messageId).toBe(poison.id);
    // A first delivery to a consumer carries no count: it is the 0th redelivery.
    counts.push(Number(msg.properties.headers?.['x-delivery-count'] ?? 0));
  }

  expect(counts).toEqual(Array.from({ length: DELIVERY_LIMIT + 1 }, (_, i) => i));
  await eventually(async () => (await depth(`${queue}.dlq`)) === 1, 10_000, 100);
  expect(await depth(queue)).toBe(0);
  const bus = new AmqpBus({ url: TEST_AMQP_URL, exchange, log: createLogger('delivery-limit', 'silent') });
  try {
    const parked = await bus.drainDeadLetters(queue);
    expect(parked).toEqual([{ event: poison, attempts: DELIVERY_LIMIT + 1, error: expect.stringMatching(/x-delivery-limit/) }]);
  } finally {
    await bus.close();
  }
}, 60_000);
