import { execFileSync } from 'node:child_process';
import { AmqpBus } from '@dp/bus';
import { envelope } from '@dp/events';
import { createLogger } from '@dp/log';
import { dropResources, eventually, requireInfrastructure, TEST_AMQP_URL, uniqueNamespace } from '@dp/testing';

/**
 * Broadcast subscriptions on the real RabbitMQ: every process hears every event (one server-named queue each),
 * and a dropped connection is reported (so a cache built from the events can be flushed) before listening resumes.
 */
const ns = uniqueNamespace('bcast');
const exchange = `${ns}events`;
const log = createLogger('broadcast-test', 'silent');
const buses: AmqpBus[] = [];

beforeAll(() => requireInfrastructure({ postgres: false }));
afterAll(async () => {
  for (const bus of buses) await bus.close();
  await dropResources({ exchanges: [exchange] });
});

function listener(name: string) {
  const bus = new AmqpBus({ url: TEST_AMQP_URL, exchange, log, connectionName: `${ns}${name}` });
  buses.push(bus);
  const heard: string[] = [];
  const states: boolean[] = [];
  const ready = bus.broadcast({ bindings: ['identity.member.*'], handle: (e) => void heard.push(e.id), onListening: (l) => void states.push(l) });
  return { bus, heard, states, ready };
}

/** Closes this test's connection named `name` on the broker side, as a network cut or broker restart would. */
function cutConnection(name: string) {
  const out = execFileSync('rabbitmqctl', ['-q', 'list_connections', 'pid', 'client_properties'], { encoding: 'utf8' });
  const line = out.split('\n').find((l) => l.includes(`${ns}${name}`));
  if (!line) throw new Error(`connection ${ns}${name} not found`);
  execFileSync('rabbitmqctl', ['-q', 'close_connection', line.split('\t')[0], 'broadcast test cut']);
}

test('When an event is published, Then every broadcast listener hears it once, and other types are not delivered', async () => {
  const a = listener('a');
  const b = listener('b');
  await Promise.all([a.ready, b.ready]);
  expect(a.states).toEqual([true]);
  const publisher = new AmqpBus({ url: TEST_AMQP_URL, exchange, log });
  buses.push(publisher);
  const removed = envelope('identity.member.removed', { organizationId: 'o', userId: 'u' }, { source: '/test' });
  const other = envelope('content.space.created', {}, { source: '/test' });
  await publisher.publish([other, removed]);
  await eventually(() => a.heard.length === 1 && b.heard.length === 1, 10_000);
  // a later marker on the same queues: nothing else was on its way
  const marker = envelope('identity.member.added', { organizationId: 'o', userId: 'u', role: 'read' }, { source: '/test' });
  await publisher.publish([marker]);
  await eventually(() => a.heard.length === 2 && b.heard.length === 2, 10_000);
  expect(a.heard).toEqual([removed.id, marker.id]);
  expect(b.heard).toEqual([removed.id, marker.id]);
});

test('When the connection is cut, Then the listener is told it stopped listening, then listens again on a new queue', async () => {
  const c = listener('c');
  await c.ready;
  cutConnection('c');
  await eventually(() => c.states.length >= 3, 15_000);
  expect(c.states.slice(0, 3)).toEqual([true, false, true]);
  const publisher = new AmqpBus({ url: TEST_AMQP_URL, exchange, log });
  buses.push(publisher);
  const added = envelope('identity.member.added', { organizationId: 'o', userId: 'u', role: 'read' }, { source: '/test' });
  await publisher.publish([added]);
  await eventually(() => c.heard.includes(added.id), 10_000);
}, 30_000);
