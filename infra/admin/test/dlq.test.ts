import { AmqpBus, startConsumer } from '@dp/bus';
import { createDb, migrate } from '@dp/db';
import { envelope, type CloudEvent } from '@dp/events';
import { createLogger } from '@dp/log';
import { dropResources, eventually, queueFamily, recordResources, requireInfrastructure, TEST_AMQP_URL, TEST_DATABASE_URL, uniqueNamespace } from '@dp/testing';
import { admin, adminEnv, adminJson, adminProcess } from './support';

/**
 * `dlq list` and `dlq replay` on the real RabbitMQ: a consumer whose handler fails parks its events in the
 * dead-letter queue; once the handler is fixed, an operator replays them and the consumer handles them.
 * The consumer plays the sites worker of a deployment whose queues and schemas carry the test namespace.
 */
const ns = uniqueNamespace('admdlq');
const queue = `${ns}sites`;
const exchange = `${ns}docs.events`;
const schema = `${ns}sites`;
recordResources({ queues: queueFamily(queue), exchanges: [exchange] });
const env = adminEnv(ns);
const log = createLogger('admin-dlq-test', 'silent');
const db = createDb({ url: TEST_DATABASE_URL, schema, poolMax: 3 });
const bus = new AmqpBus({ url: TEST_AMQP_URL, exchange, log });

let broken = true;
const handled: string[] = [];

type Listed = { queue: string; id: string; type: string; failedAt: string | null; attempts: number; error: string; event: CloudEvent | null };

beforeAll(async () => {
  await requireInfrastructure();
  await migrate(db, schema, []); // the inbox the consumer records handled events in
  await startConsumer({
    db,
    bus,
    queue,
    log,
    retry: { maxAttempts: 2, backoffMs: () => 50 },
    handlers: [
      {
        type: 'admin.test.poked',
        async handle(event) {
          if (broken) throw new Error(`handler is broken (${event.id})`);
          handled.push(event.id);
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

test('When a handler fails an event to the end, Then dlq list shows it with its error, and dlq replay after the fix gets it handled and empties the dead-letter queue', async () => {
  const first = envelope('admin.test.poked', { n: 1 }, { source: '/test' });
  const second = envelope('admin.test.poked', { n: 2 }, { source: '/test' });
  await bus.publish([first, second]);

  // Parked after its second attempt. Listed through the npm script's command, in a process of its own.
  const parked = await eventually(
    async () => {
      const run = await adminProcess(env, 'dlq', 'list', '--queue', 'sites', '--json');
      expect(run).toMatchObject({ code: 0, stderr: '' });
      const listed = JSON.parse(run.stdout) as Listed[];
      return listed.length === 2 && listed;
    },
    30_000,
    200,
  );
  expect(parked.map(({ event: _, failedAt: __, ...rest }) => rest).sort((a, b) => a.error.localeCompare(b.error))).toEqual(
    [first, second]
      .map((e) => ({ queue, id: e.id, type: 'admin.test.poked', attempts: 2, error: `handler is broken (${e.id})` }))
      .sort((a, b) => a.error.localeCompare(b.error)),
  );
  for (const letter of parked) expect(Date.parse(letter.failedAt!)).toBeGreaterThan(Date.now() - 60_000);
  expect(parked.find((l) => l.id === first.id)!.event).toEqual(first);

  // Listing takes nothing out; the table names each event with its error; every context is listed without --queue.
  const table = await admin(env, 'dlq', 'list');
  expect(table.code).toBe(0);
  expect(table.stdout).toMatch(/^QUEUE\s+EVENT ID\s+TYPE\s+PARKED AT\s+ATTEMPTS\s+ERROR$/m);
  for (const e of [first, second]) expect(table.stdout).toMatch(new RegExp(`^${queue}\\s+${e.id}\\s+admin\\.test\\.poked\\s+\\S+\\s+2\\s+handler is broken \\(${e.id}\\)$`, 'm'));
  expect(table.stdout).toContain('2 parked event(s)');
  expect(handled).toEqual([]);

  // The cause is fixed: one event replayed by id, then the rest with --all.
  broken = false;
  const one = await admin(env, 'dlq', 'replay', 'sites', first.id);
  expect(one).toEqual({ code: 0, stdout: `replayed ${first.id} (admin.test.poked) to ${queue}\n`, stderr: '' });
  await eventually(() => handled.includes(first.id), 10_000);
  expect((await adminJson<Listed[]>(env, 'dlq', 'list', '--queue', 'sites')).map((l) => l.id)).toEqual([second.id]);

  const all = await adminJson<Listed[]>(env, 'dlq', 'replay', 'sites', '--all');
  expect(all.map((l) => l.id)).toEqual([second.id]);
  await eventually(() => handled.includes(second.id), 10_000);

  expect(handled.sort()).toEqual([first.id, second.id].sort());
  expect(await adminJson(env, 'dlq', 'list', '--queue', 'sites')).toEqual([]);
  expect((await admin(env, 'dlq', 'list')).stdout).toBe('no dead-lettered events\n');
  // Handled once each, through the inbox, with a fresh attempt budget.
  expect((await db('inbox').where({ consumer: queue }).pluck('event_id')).sort()).toEqual([first.id, second.id].sort());
}, 60_000);

test('When the operator names an event that is not parked, or neither an event nor --all, Then dlq replay exits 1 saying so and replays nothing', async () => {
  expect(await admin(env, 'dlq', 'replay', 'sites', 'no-such-event')).toEqual({ code: 1, stdout: '', stderr: `error: no event no-such-event in ${queue}.dlq\n` });
  expect(await admin(env, 'dlq', 'replay', 'sites')).toEqual({ code: 1, stdout: '', stderr: 'error: name one event id, or --all (not both)\n' });
  expect(await admin(env, 'dlq', 'replay', 'sites', 'x', '--all')).toMatchObject({ code: 1 });
});

test('When a queue does not exist, Then dlq list and dlq replay exit 1 naming it', async () => {
  const listed = await admin(env, 'dlq', 'list', '--queue', 'nowhere');
  expect(listed.code).toBe(1);
  expect(listed.stderr).toContain(`no dead-letter queue ${ns}nowhere.dlq on the broker`);
  const replayed = await admin(env, 'dlq', 'replay', 'nowhere', '--all');
  expect(replayed.code).toBe(1);
  expect(replayed.stderr).toContain(`queue ${ns}nowhere does not exist on the broker`);
});

test('When the broker is unreachable, Then dlq list exits 1 with a clear message', async () => {
  const run = await admin(adminEnv(ns, { AMQP_URL: 'amqp://guest:secret@127.0.0.1:1' }), 'dlq', 'list');
  expect(run.code).toBe(1);
  expect(run.stdout).toBe('');
  expect(run.stderr).toMatch(/^error: RabbitMQ does not answer at AMQP_URL=amqp:\/\/guest:\*\*\*@127\.0\.0\.1:1: .*ECONNREFUSED/);
});
