import amqp, { type Channel, type ChannelModel } from 'amqplib';
import { AmqpBus, contextQueues, migrateQueues, queueState, QueueMigrationError } from '@dp/bus';
import { envelope, type CloudEvent } from '@dp/events';
import { createLogger } from '@dp/log';
import { dropResources, eventually, queueFamily, recordResources, requireInfrastructure, TEST_AMQP_URL, uniqueNamespace } from '@dp/testing';

/**
 * A deployment's classic queues (as the bus declared them before docs/adr/0050) moved to quorum queues on
 * the real RabbitMQ, with messages in them: none lost, none doubled, the bindings kept, a second run a no-op,
 * and a run that stopped half-way finished by the next one.
 */
const ns = uniqueNamespace('qmig');
const exchange = `${ns}events`;
const log = createLogger('queue-migration', 'silent');
const BINDINGS = ['mig.created', 'mig.other.*'];
const queues: string[] = [];
/** A family of the test's queues: the context's three, their temporaries and the lock (so that they are all deleted). */
function family(name: string): string {
  const queue = `${ns}${name}`;
  const all = [...queueFamily(queue), ...queueFamily(queue).map((q) => `${q}.migrating`), `${queue}.migration-lock`];
  queues.push(...all);
  recordResources({ queues: all });
  return queue;
}
recordResources({ exchanges: [exchange] });

let connection: ChannelModel;
let channel: Channel;

beforeAll(async () => {
  await requireInfrastructure({ postgres: false });
  connection = await amqp.connect(TEST_AMQP_URL);
  connection.on('error', () => undefined);
  channel = await connection.createConfirmChannel();
  await channel.assertExchange(exchange, 'topic', { durable: true });
});

afterAll(async () => {
  await connection?.close().catch(() => undefined);
  await dropResources({ queues, exchanges: [exchange] });
}, 30_000);

const event = (n: number, type = 'mig.created') => envelope(type, { n }, { source: '/test' });

/** The classic topology the bus declared before quorum queues, bound as a worker binds it. */
async function declareClassic(queue: string): Promise<void> {
  await channel.assertQueue(queue, { durable: true });
  await channel.assertQueue(`${queue}.retry`, { durable: true, deadLetterExchange: '', deadLetterRoutingKey: queue });
  await channel.assertQueue(`${queue}.dlq`, { durable: true });
  for (const key of BINDINGS) await channel.bindQueue(queue, exchange, key);
}

async function publish(events: CloudEvent[]): Promise<void> {
  const confirm = await connection.createConfirmChannel();
  for (const e of events) confirm.publish(exchange, e.type, Buffer.from(JSON.stringify(e)), { persistent: true, messageId: e.id });
  await confirm.waitForConfirms();
  await confirm.close();
}

async function sendTo(queue: string, events: CloudEvent[], expiration?: string): Promise<void> {
  const confirm = await connection.createConfirmChannel();
  for (const e of events) confirm.sendToQueue(queue, Buffer.from(JSON.stringify(e)), { persistent: true, messageId: e.id, expiration, headers: { 'x-attempt': 2 } });
  await confirm.waitForConfirms();
  await confirm.close();
}

/** Takes every message of the queue (acknowledged: the queue is left empty); the ids in queue order and one delivery's headers. */
async function drain(queue: string): Promise<{ ids: string[]; headers: Record<string, unknown>[] }> {
  const ch = await connection.createChannel();
  const ids: string[] = [];
  const headers: Record<string, unknown>[] = [];
  for (let msg = await ch.get(queue, { noAck: false }); msg; msg = await ch.get(queue, { noAck: false })) {
    ids.push(String(msg.properties.messageId));
    headers.push(msg.properties.headers ?? {});
    ch.ack(msg);
  }
  await ch.close();
  return { ids, headers };
}

async function exists(queue: string): Promise<boolean> {
  const ch = await connection.createChannel();
  ch.on('error', () => undefined);
  try {
    await ch.checkQueue(queue);
    return true;
  } catch {
    return false;
  } finally {
    await ch.close().catch(() => undefined);
  }
}

const depth = async (queue: string) => {
  const ch = await connection.createChannel();
  try {
    return (await ch.checkQueue(queue)).messageCount;
  } finally {
    await ch.close();
  }
};

const migrate = (queue: string) => migrateQueues({ connection, exchange, queue, bindings: BINDINGS });

test('When a classic queue family holding messages is migrated, Then each queue is quorum, every message is in it exactly once, the bindings route new events to it, and a second run does nothing', async () => {
  const queue = family('ctx');
  await declareClassic(queue);
  const ready = Array.from({ length: 50 }, (_, i) => event(i, i % 2 ? 'mig.created' : 'mig.other.thing'));
  const retrying = Array.from({ length: 5 }, (_, i) => event(100 + i));
  const parked = Array.from({ length: 3 }, (_, i) => event(200 + i));
  await publish(ready);
  // Backoffs far longer than the test: they must still be waiting in the retry queue afterwards.
  await sendTo(`${queue}.retry`, retrying, '600000');
  await sendTo(`${queue}.dlq`, parked);
  for (const spec of contextQueues(queue)) expect(await queueState(connection, spec)).toBe('classic');

  const results = await migrate(queue);

  expect(results).toEqual([
    { queue: `${queue}.dlq`, before: 'classic', moved: 3 },
    { queue: `${queue}.retry`, before: 'classic', moved: 5 },
    { queue, before: 'classic', moved: 50 },
  ]);
  for (const spec of contextQueues(queue)) expect(await queueState(connection, spec)).toBe('quorum');
  for (const q of queueFamily(queue)) expect(await exists(`${q}.migrating`)).toBe(false);
  expect(await exists(`${queue}.migration-lock`)).toBe(false);
  // The broker's own proof of the type: declaring the queue as classic is refused...
  const probe = await connection.createChannel();
  probe.on('error', () => undefined);
  await expect(probe.assertQueue(queue, { durable: true, arguments: { 'x-queue-type': 'classic' } })).rejects.toThrow(/PRECONDITION_FAILED/);

  expect(await migrate(queue)).toEqual([
    { queue: `${queue}.dlq`, before: 'quorum', moved: 0 },
    { queue: `${queue}.retry`, before: 'quorum', moved: 0 },
    { queue, before: 'quorum', moved: 0 },
  ]);

  const late = event(300, 'mig.other.late');
  await publish([late]);
  const main = await drain(queue);
  expect(main.ids).toEqual([...ready, late].map((e) => e.id));
  // ...and a quorum queue counts deliveries in x-delivery-count, which a classic one never sets.
  expect(main.headers.every((h) => h['x-delivery-count'] === 0)).toBe(true);
  expect((await drain(`${queue}.dlq`)).ids).toEqual(parked.map((e) => e.id));
  const retry = await drain(`${queue}.retry`);
  expect(retry.ids).toEqual(retrying.map((e) => e.id));
  expect(retry.headers.every((h) => h['x-attempt'] === 2)).toBe(true);
}, 60_000);

test('When a migration stopped half-way (the classic queue deleted, its messages in the temporary), Then the next run declares the quorum queue with its bindings and moves them back', async () => {
  const queue = family('crashed');
  const [dlq, retry, main] = contextQueues(queue);
  // What a run leaves when it dies right after deleting the classic consuming queue: the dead-letter and
  // retry queues done, the temporary bound and holding every message, events published meanwhile in it too.
  for (const spec of [dlq, retry]) await channel.assertQueue(spec.name, { durable: true, arguments: spec.arguments });
  await channel.assertQueue(`${queue}.migrating`, { durable: true, arguments: main.arguments });
  for (const key of BINDINGS) await channel.bindQueue(`${queue}.migrating`, exchange, key);
  const before = Array.from({ length: 20 }, (_, i) => event(i));
  await sendTo(`${queue}.migrating`, before.slice(0, 10));
  await publish(before.slice(10));
  expect(await exists(queue)).toBe(false);

  const results = await migrate(queue);

  expect(results[2]).toEqual({ queue, before: 'migrating', moved: 20 });
  expect(await queueState(connection, main)).toBe('quorum');
  expect(await exists(`${queue}.migrating`)).toBe(false);
  const after = event(99);
  await publish([after]);
  expect((await drain(queue)).ids).toEqual([...before, after].map((e) => e.id));
}, 60_000);

test('When a classic queue still has consumers (workers of the version before), Then the migration refuses and leaves the queue and its messages as they were', async () => {
  const queue = family('busy');
  await declareClassic(queue);
  const events = Array.from({ length: 5 }, (_, i) => event(i));
  await publish(events);
  const consumer = await connection.createChannel();
  await consumer.prefetch(1);
  await consumer.consume(queue, () => undefined);
  try {
    await expect(migrate(queue)).rejects.toThrow(QueueMigrationError);
    await expect(migrate(queue)).rejects.toThrow(/1 consumer\(s\).*stop them/);
    // Nothing was touched, not even the retry and dead-letter queues.
    for (const spec of contextQueues(queue)) expect(await queueState(connection, spec)).toBe('classic');
  } finally {
    await consumer.close();
  }
  expect(await depth(queue)).toBe(5);
  expect(await exists(`${queue}.migrating`)).toBe(false);
  // Once the old workers are gone, the same command finishes the job.
  expect((await migrate(queue))[2]).toEqual({ queue, before: 'classic', moved: 5 });
  expect((await drain(queue)).ids.sort()).toEqual(events.map((e) => e.id).sort());
}, 60_000);

test('When a worker of this version starts on a deployment whose queues are classic, Then its bus migrates them and handles what was waiting in them', async () => {
  const queue = family('worker');
  await declareClassic(queue);
  const waiting = Array.from({ length: 10 }, (_, i) => event(i));
  await publish(waiting);
  const bus = new AmqpBus({ url: TEST_AMQP_URL, exchange, log });
  const handled: string[] = [];
  try {
    await bus.subscribe({ queue, bindings: BINDINGS, handle: async (e) => void handled.push(e.id) });
    const fresh = event(50);
    await publish([fresh]);
    await eventually(() => handled.length === 11, 10_000);
    expect(handled.sort()).toEqual([...waiting, fresh].map((e) => e.id).sort());
    for (const spec of contextQueues(queue)) expect(await queueState(connection, spec)).toBe('quorum');
  } finally {
    await bus.close();
  }
}, 60_000);

test('When a worker of this version starts while one of the version before still consumes the classic queue, Then it logs an error naming the cause and, once the old one is gone, migrates and handles every event', async () => {
  const queue = family('rolling');
  await declareClassic(queue);
  const waiting = Array.from({ length: 10 }, (_, i) => event(i));
  await publish(waiting);
  const old = await connection.createChannel();
  await old.prefetch(1);
  await old.consume(queue, () => undefined); // holds one delivery unsettled, as a busy old worker would
  const lines: Array<{ level: number; msg: string; err?: string }> = [];
  const bus = new AmqpBus({ url: TEST_AMQP_URL, exchange, log: createLogger('rolling', 'info', { write: (line: string) => void lines.push(JSON.parse(line)) }) });
  const handled: string[] = [];
  try {
    // Connected before it subscribes (the other test subscribes before): the failure is on a live connection.
    expect(await bus.waitUntilConnected(10_000)).toBe(true);
    const subscribed = bus.subscribe({ queue, bindings: BINDINGS, handle: async (e) => void handled.push(e.id) });
    const refusal = await eventually(() => lines.find((l) => l.level >= 50 && /could not migrate/.test(l.msg)), 10_000);
    expect(refusal.err).toMatch(/classic queue with 1 consumer\(s\).*stop them.*queues migrate/);
    expect(handled).toEqual([]);
    expect(lines.some((l) => l.msg === 'could not set the subscription up; reconnecting to try again')).toBe(true);

    await old.close(); // the old worker stops: its unsettled delivery goes back to the classic queue
    await subscribed;
    await eventually(() => handled.length === waiting.length, 15_000);
    expect(handled.sort()).toEqual(waiting.map((e) => e.id).sort());
    for (const spec of contextQueues(queue)) expect(await queueState(connection, spec)).toBe('quorum');
  } finally {
    await bus.close();
  }
}, 60_000);
