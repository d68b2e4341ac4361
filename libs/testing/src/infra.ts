import { randomBytes } from 'node:crypto';
import { brokerAnswers } from '@dp/bus';
import { databaseAnswers } from '@dp/db';

/** The real PostgreSQL and RabbitMQ the tests use (see .ci/run, which starts them when they are down). */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const TEST_AMQP_URL = process.env.TEST_AMQP_URL ?? process.env.AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672';
/**
 * How long a test pool keeps an unused connection (DB_POOL_IDLE_MS): a file holds what it uses now, not what it
 * once used (a stack's boot opens all 12 at once), so two files at once stay under the suite's 30.
 */
export const TEST_POOL_IDLE_MS = 2_000;

/** Creates the test database when the server answers but the database is not there yet. */
async function ensureTestDatabase(): Promise<void> {
  const url = new URL(TEST_DATABASE_URL);
  const name = url.pathname.slice(1);
  if (!name || name === 'postgres' || (await databaseAnswers(TEST_DATABASE_URL, 3000))) return;
  const { Client } = await import('pg');
  url.pathname = '/postgres';
  const client = new Client({ connectionString: url.toString() });
  try {
    await client.connect();
    await client.query(`create database "${name.replace(/"/g, '')}"`);
  } catch {
    // raced with another test file, or the server is down: requireInfrastructure reports it
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Fails loudly (never skips) when the infrastructure the test needs is not there. A file of the `no-database`
 * project (jest.config.js) needs RabbitMQ alone: `{ postgres: false }`.
 */
export async function requireInfrastructure({ postgres = true }: { postgres?: boolean } = {}): Promise<void> {
  if (postgres) await ensureTestDatabase();
  const [pg, mq] = await Promise.all([postgres ? databaseAnswers(TEST_DATABASE_URL, 3000) : true, brokerAnswers(TEST_AMQP_URL, 3000)]);
  const missing = [!pg && `PostgreSQL at ${TEST_DATABASE_URL}`, !mq && `RabbitMQ at ${TEST_AMQP_URL}`].filter(Boolean);
  if (missing.length) throw new Error(`These tests need ${missing.join(' and ')}: start them (see .ci/run) and run again.`);
}

/** The start of every test namespace; the run after it is the base-36 pid of the jest process that owns it. */
export const TEST_PREFIX = 't_';
/** Set by the jest globalSetup (sweepBeforeRun) so that every worker names its resources after the run. */
export const TEST_RUN_ENV = 'DP_TEST_RUN';
export const testRun = (): string => process.env[TEST_RUN_ENV] ?? process.pid.toString(36);

/**
 * A fresh prefix for schemas, queues and the exchange, so test files can share one database and broker:
 * `t_<run>_<label>_<random>_`, which the sweeps of sweep.ts recognise (docs/adr/0027).
 */
export function uniqueNamespace(label = 'x'): string {
  return `${TEST_PREFIX}${testRun()}_${label}_${randomBytes(3).toString('hex')}_`;
}

/** Whether a process runs (one of another user answers EPERM: alive too). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `check` until it returns a truthy value or `timeoutMs` passes. */
export async function eventually<T>(check: () => Promise<T | undefined | false> | T | undefined | false, timeoutMs = 10_000, everyMs = 50): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value) return value;
    } catch (err) {
      last = err;
    }
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms${last ? `: ${(last as Error).message}` : ''}`);
    await sleep(everyMs);
  }
}

/**
 * Polls `request` until it answers `status`: a cache evicted by an event, a grant that arrives. The default allows
 * far less than the caches' TTL backstops (60 s), so only the event passes, and far more than a loaded machine
 * needs; how fast it happens is a benchmark's to say (bench/staleness.ts), never a timed test's.
 */
export function untilStatus(request: () => Promise<{ status: number }>, status: number, timeoutMs = 15_000): Promise<true> {
  return eventually(async () => (await request()).status === status || undefined, timeoutMs, 10);
}

/** Removes what a test or benchmark created on the shared PostgreSQL and RabbitMQ; missing ones are fine. */
export async function dropResources({ schemas = [], queues = [], exchanges = [] }: { schemas?: string[]; queues?: string[]; exchanges?: string[] }): Promise<void> {
  if (schemas.length) {
    const { default: knex } = await import('knex');
    const db = knex({ client: 'pg', connection: TEST_DATABASE_URL });
    try {
      for (const schema of schemas) await db.raw('drop schema if exists ?? cascade', [schema]);
    } finally {
      await db.destroy();
    }
  }
  const { default: amqp } = await import('amqplib');
  const conn = await amqp.connect(TEST_AMQP_URL);
  conn.on('error', () => undefined);
  try {
    const ch = await conn.createChannel();
    ch.on('error', () => undefined);
    for (const queue of queues) await ch.deleteQueue(queue);
    for (const exchange of exchanges) await ch.deleteExchange(exchange);
  } finally {
    await conn.close().catch(() => undefined);
  }
}

/** A consuming queue with its retry and dead-letter queues. */
export const queueFamily = (queue: string) => [queue, `${queue}.retry`, `${queue}.dlq`];
