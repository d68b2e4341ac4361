import { Writable } from 'node:stream';
import { AmqpBus, startConsumer } from '@dp/bus';
import { createDb, migrate } from '@dp/db';
import { envelope } from '@dp/events';
import { createLogger } from '@dp/log';
import { registry } from '@dp/metrics';
import { dropResources, eventually, metricValue, queueFamily, recordResources, requireInfrastructure, TEST_AMQP_URL, TEST_DATABASE_URL, uniqueNamespace } from '@dp/testing';

/**
 * The consumer's one line per delivery and its metrics, on the real RabbitMQ and PostgreSQL: a handled event,
 * its redelivery (the inbox has it), a failing one (retried, then parked).
 */
const ns = uniqueNamespace('hlog');
const queue = `${ns}probe`;
const exchange = `${ns}docs.events`;
const schema = `${ns}probe`;
recordResources({ schemas: [schema], queues: queueFamily(queue), exchanges: [exchange] });

const lines: Array<Record<string, unknown>> = [];
const capture = new Writable({
  write(chunk: Buffer, _enc, done) {
    for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
    done();
  },
});
const log = createLogger('probe-worker', 'info', capture);
const db = createDb({ url: TEST_DATABASE_URL, schema, poolMax: 3 });
const bus = new AmqpBus({ url: TEST_AMQP_URL, exchange, log: createLogger('probe-bus', 'silent') });

beforeAll(async () => {
  await requireInfrastructure();
  await migrate(db, schema, []);
  await startConsumer({
    db,
    bus,
    queue,
    log,
    retry: { maxAttempts: 2, backoffMs: () => 20 },
    handlers: [
      { type: 'probe.thing.done', handle: async () => undefined },
      {
        type: 'probe.thing.broken',
        handle: async () => {
          throw new Error('broken on purpose');
        },
      },
    ],
  });
}, 30_000);

afterAll(async () => {
  await bus.close();
  await db.destroy();
  await dropResources({ schemas: [schema], queues: queueFamily(queue), exchanges: [exchange] });
}, 30_000);

const linesOf = (eventId: string) => lines.filter((l) => l.eventId === eventId);

test('When an event is handled and then redelivered, Then each delivery writes one line with queue, outcome and duration', async () => {
  const event = envelope('probe.thing.done', { n: 1 }, { source: '/test' });
  await bus.publish([event]);
  await eventually(() => linesOf(event.id).length === 1, 10_000);
  await bus.publish([event]);
  const [handled, duplicate] = await eventually(() => linesOf(event.id).length === 2 && linesOf(event.id), 10_000);
  expect(handled).toMatchObject({ level: 30, msg: 'event handled', service: 'probe-worker', type: 'probe.thing.done', attempt: 1, queue, outcome: 'handled' });
  expect(typeof handled.ms).toBe('number');
  expect(duplicate).toMatchObject({ level: 30, queue, outcome: 'duplicate' });

  const text = await registry.metrics();
  expect(metricValue(text, 'dp_event_handling_duration_seconds_count', { queue, type: 'probe.thing.done', outcome: 'handled' })).toBe(1);
  expect(metricValue(text, 'dp_event_handling_duration_seconds_count', { queue, type: 'probe.thing.done', outcome: 'duplicate' })).toBe(1);
});

test('When a handler fails to the end, Then each attempt writes a warning with the error, and the retry and the parking are counted', async () => {
  const event = envelope('probe.thing.broken', { n: 2 }, { source: '/test' });
  await bus.publish([event]);
  await eventually(async () => (await bus.deadLetterDepth(queue)) === 1, 10_000);
  const failed = linesOf(event.id);
  expect(failed).toHaveLength(2);
  expect(failed.map((l) => [l.level, l.outcome, l.attempt, l.err])).toEqual([
    [40, 'failed', 1, 'broken on purpose'],
    [40, 'failed', 2, 'broken on purpose'],
  ]);
  const text = await eventually(async () => {
    const t = await registry.metrics();
    return metricValue(t, 'dp_events_dead_lettered_total', { queue }) === 1 && t;
  });
  expect(metricValue(text, 'dp_event_retries_total', { queue })).toBe(1);
  expect(metricValue(text, 'dp_event_handling_duration_seconds_count', { queue, outcome: 'failed' })).toBe(2);
});
