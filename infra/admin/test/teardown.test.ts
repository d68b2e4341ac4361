import amqp, { type ChannelModel } from 'amqplib';
import knex, { type Knex } from 'knex';
import { startStack, type Stack } from '@dp/local';
import { dropResources, recordResources, requireInfrastructure, TEST_AMQP_URL, TEST_DATABASE_URL, uniqueNamespace } from '@dp/testing';
import { contexts } from '../src/deployment';
import { runAdmin } from '../src/program';
import { stackResources } from '../src/teardown/resources';
import { adminEnv, type AdminRun } from './support';

/**
 * `teardown --prefix`: a stack started with QUEUE_PREFIX and DB_SCHEMA_PREFIX on the real PostgreSQL and
 * RabbitMQ, refused while it runs, then removed after a confirmation; a stack whose prefix begins with this
 * one's is left alone (issue 22).
 */
const ns = uniqueNamespace('tdn');
const neighbour = `${ns}x_`;
const mine = stackResources(ns, contexts);
recordResources({ queues: [...mine.queues, `${neighbour}sites`], exchanges: [mine.exchange] });
// The CLI's own variables name another deployment: the prefix of the flag is what is removed.
const env = adminEnv('unrelated_');

let db: Knex;
let connection: ChannelModel;
let stack: Stack | undefined;

beforeAll(async () => {
  await requireInfrastructure();
  db = knex({ client: 'pg', connection: TEST_DATABASE_URL, pool: { min: 0, max: 1 } });
  connection = await amqp.connect(TEST_AMQP_URL);
  connection.on('error', () => undefined);
}, 30_000);
afterAll(async () => {
  await stack?.stop();
  await connection?.close().catch(() => undefined);
  await db?.destroy();
  await dropResources({ schemas: [...mine.schemas, `${neighbour}identity`], queues: [...mine.queues, `${neighbour}sites`], exchanges: [mine.exchange] });
}, 60_000);

/** Runs the CLI in this process, answering a confirmation with `answer` when given (as at a terminal). */
async function teardown(answer: string | undefined, ...argv: string[]): Promise<AdminRun & { asked: string[] }> {
  let stdout = '';
  let stderr = '';
  const asked: string[] = [];
  const ask = async (question: string) => {
    asked.push(question);
    return answer ?? '';
  };
  const code = await runAdmin(['teardown', ...argv], { out: (t) => void (stdout += t), err: (t) => void (stderr += t), ...(answer === undefined ? {} : { ask }) }, env);
  return { code, stdout, stderr, asked };
}

const schemasLeft = async (names: string[]) => (await db('pg_catalog.pg_namespace').whereIn('nspname', names).pluck('nspname')).sort();
async function exists(check: (ch: amqp.Channel) => Promise<unknown>): Promise<boolean> {
  const ch = await connection.createChannel();
  ch.on('error', () => undefined);
  try {
    await check(ch);
    return true;
  } catch {
    return false;
  } finally {
    await ch.close().catch(() => undefined);
  }
}
const queueExists = (name: string) => exists((ch) => ch.checkQueue(name));

test('When the prefixed stack runs, Then teardown refuses and removes nothing; stopped, it asks, removes exactly its schemas, queues and exchange, and a second run finds nothing', async () => {
  stack = await startStack({
    ephemeralPorts: true,
    namespace: ns,
    requireExternal: true,
    env: { ...process.env, DATABASE_URL: TEST_DATABASE_URL, AMQP_URL: TEST_AMQP_URL, DB_POOL_MAX: '2', LOG_LEVEL: 'silent' },
  });
  // A stack whose prefix begins with this one's: not named by this prefix, so never touched.
  await db.raw('create schema if not exists ??', [`${neighbour}identity`]);
  const ch = await connection.createChannel();
  await ch.assertQueue(`${neighbour}sites`, { durable: true });
  await ch.close();
  expect(await schemasLeft(mine.schemas)).toEqual([...mine.schemas].sort());
  expect(await queueExists(`${ns}sites`)).toBe(true);

  // Running: its workers consume their queues and their relays LISTEN on their outboxes.
  const whileRunning = await teardown(ns, '--prefix', ns, '--yes');
  expect(whileRunning.code).toBe(1);
  expect(whileRunning.stderr).toMatch(new RegExp(`the stack with prefix ${ns} is running \\(queue ${ns}\\w+ has 1 consumer.*database sessions? LISTEN on its outboxes\\): stop it first; nothing was removed`));
  expect(await schemasLeft(mine.schemas)).toHaveLength(contexts.length);

  await stack.stop();
  stack = undefined;

  // Nobody to confirm (no terminal) and no --yes: refused.
  const unconfirmable = await teardown(undefined, '--prefix', ns);
  expect(unconfirmable.code).toBe(1);
  expect(unconfirmable.stderr).toContain('pass --yes');
  // A wrong answer: refused.
  const wrongAnswer = await teardown('yes', '--prefix', ns);
  expect(wrongAnswer.code).toBe(1);
  expect(wrongAnswer.asked).toEqual([`Type the prefix (${ns}) to remove them: `]);
  expect(wrongAnswer.stderr).toContain(`schema    ${ns}content`);
  expect(wrongAnswer.stderr).toContain('not confirmed; nothing was removed');
  expect(await schemasLeft(mine.schemas)).toHaveLength(contexts.length);
  expect(await queueExists(`${ns}sites.dlq`)).toBe(true);

  // Confirmed by typing the prefix.
  const removed = await teardown(ns, '--prefix', ns, '--json');
  expect(removed.code).toBe(0);
  const report = JSON.parse(removed.stdout);
  expect(report.prefix).toBe(ns);
  expect(report.removed.schemas).toEqual([...mine.schemas].sort());
  expect(report.removed.queues).toEqual(expect.arrayContaining([`${ns}sites`, `${ns}sites.retry`, `${ns}sites.dlq`, `${ns}content`]));
  expect(report.removed.exchange).toBe(mine.exchange);
  expect(await schemasLeft(mine.schemas)).toEqual([]);
  for (const queue of report.removed.queues) expect(await queueExists(queue)).toBe(false);
  expect(await exists((c) => c.checkExchange(mine.exchange))).toBe(false);
  // The neighbour stack is untouched.
  expect(await schemasLeft([`${neighbour}identity`])).toEqual([`${neighbour}identity`]);
  expect(await queueExists(`${neighbour}sites`)).toBe(true);

  const again = await teardown(undefined, '--prefix', ns, '--yes');
  expect(again).toMatchObject({ code: 0, stdout: `nothing to remove for prefix ${ns}\n` });
}, 180_000);

test('When the prefix is empty, Then teardown refuses: an unprefixed deployment is never removed', async () => {
  const run = await teardown(undefined, '--prefix', '', '--yes');
  expect(run.code).toBe(1);
  expect(run.stderr).toMatch(/a prefix is required/);
});
