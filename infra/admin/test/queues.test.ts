import amqp, { type ChannelModel } from 'amqplib';
import { envelope } from '@dp/events';
import { dropResources, queueFamily, recordResources, requireInfrastructure, TEST_AMQP_URL, uniqueNamespace } from '@dp/testing';
import { admin, adminEnv, adminJson } from './support';

/**
 * `queues status` and `queues migrate` on the real RabbitMQ: the sites context of a deployment from before
 * quorum queues (docs/adr/0050), its classic queues holding events, moved by the operator's command.
 */
const ns = uniqueNamespace('admq');
const queue = `${ns}sites`;
const exchange = `${ns}docs.events`;
const queues = [...queueFamily(queue), ...queueFamily(queue).map((q) => `${q}.migrating`), `${queue}.migration-lock`];
recordResources({ queues, exchanges: [exchange] });
const env = adminEnv(ns, { AMQP_EXCHANGE: exchange });

let connection: ChannelModel;

beforeAll(async () => {
  await requireInfrastructure();
  connection = await amqp.connect(TEST_AMQP_URL);
  connection.on('error', () => undefined);
});

afterAll(async () => {
  await connection?.close().catch(() => undefined);
  await dropResources({ queues, exchanges: [exchange] });
}, 30_000);

const spaceDeleted = (n: number) => envelope('content.space.deleted', { n }, { source: '/test' });

async function publish(events: ReturnType<typeof spaceDeleted>[]): Promise<void> {
  const ch = await connection.createConfirmChannel();
  for (const e of events) ch.publish(exchange, e.type, Buffer.from(JSON.stringify(e)), { persistent: true, messageId: e.id });
  await ch.waitForConfirms();
  await ch.close();
}

async function messageIds(name: string): Promise<string[]> {
  const ch = await connection.createChannel();
  const ids: string[] = [];
  for (let msg = await ch.get(name, { noAck: false }); msg; msg = await ch.get(name, { noAck: false })) ids.push(String(msg.properties.messageId));
  await ch.close(); // hands them all back
  return ids;
}

type State = { context: string; queue: string; state: string };

test('When an operator runs queues migrate on classic queues holding events, Then queues status shows them quorum, the events are all there once, the sites bindings route to it, and a second run moves nothing', async () => {
  const ch = await connection.createChannel();
  await ch.assertExchange(exchange, 'topic', { durable: true });
  // As a sites worker before quorum queues declared and bound them.
  await ch.assertQueue(queue, { durable: true });
  await ch.assertQueue(`${queue}.retry`, { durable: true, deadLetterExchange: '', deadLetterRoutingKey: queue });
  await ch.assertQueue(`${queue}.dlq`, { durable: true });
  await ch.bindQueue(queue, exchange, 'content.space.deleted');
  await ch.close();
  const waiting = Array.from({ length: 30 }, (_, i) => spaceDeleted(i));
  await publish(waiting);

  expect(await adminJson<State[]>(env, 'queues', 'status', '--context', 'sites')).toEqual(
    [`${queue}.dlq`, `${queue}.retry`, queue].map((q) => ({ context: 'sites', queue: q, state: 'classic' })),
  );

  // A classic queue still consumed (a worker of the version before) is refused, naming what to do.
  const old = await connection.createChannel();
  await old.consume(queue, () => undefined, { noAck: false });
  const refused = await admin(env, 'queues', 'migrate', '--context', 'sites');
  await old.close();
  expect(refused.code).toBe(1);
  expect(refused.stderr).toMatch(/sites: queue .*sites is a classic queue with 1 consumer\(s\).*stop them/);

  const migrated = await adminJson<Array<{ context: string; queue: string; before: string; moved: number }>>(env, 'queues', 'migrate', '--context', 'sites');
  expect(migrated.find((r) => r.queue === queue)).toEqual({ context: 'sites', queue, before: 'classic', moved: 30 });
  const states = await adminJson<State[]>(env, 'queues', 'status', '--context', 'sites');
  expect(states.map((s) => s.state)).toEqual(['quorum', 'quorum', 'quorum']);

  const again = await adminJson<Array<{ before: string; moved: number }>>(env, 'queues', 'migrate', '--context', 'sites');
  expect(again.map(({ before, moved }) => ({ before, moved }))).toEqual(Array(3).fill({ before: 'quorum', moved: 0 }));

  // Bound again by the command, from the sites handlers' types, before any worker of this version runs.
  const late = spaceDeleted(99);
  await publish([late]);
  const ids = await messageIds(queue);
  expect([...ids].sort()).toEqual([...waiting, late].map((e) => e.id).sort());
}, 60_000);
