import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { databaseAnswers } from '@dp/db';
import { processAlive, TEST_AMQP_URL, TEST_DATABASE_URL, TEST_PREFIX, TEST_RUN_ENV, testRun } from './infra';

/*
 * Every schema, queue and exchange a test (or a benchmark) creates starts with `t_<run>_` (uniqueNamespace):
 * a run removes its own leftovers when it ends, and the next run removes those of runs whose process is gone
 * (killed, crashed), never those of a run still going on the same PostgreSQL and broker (docs/adr/0027).
 */

export interface Resources {
  schemas?: string[];
  queues?: string[];
  exchanges?: string[];
}

/** Without the RabbitMQ management API nothing lists queues: each run writes the names it declares here. */
const registryDir = () => path.join(os.tmpdir(), 'dp-test-resources');
const registryOf = (run: string) => path.join(registryDir(), `${run}.jsonl`);

/** Records queues and exchanges about to be declared, so a sweep finds them if the test never cleans up. */
export function recordResources(resources: Resources): void {
  const run = testRun();
  fs.mkdirSync(registryDir(), { recursive: true });
  fs.appendFileSync(registryOf(run), `${JSON.stringify({ queues: resources.queues ?? [], exchanges: resources.exchanges ?? [] })}\n`);
}

const runOf = (name: string) => /^t_([0-9a-z]+)_/.exec(name)?.[1];

const alive = (run: string) => processAlive(parseInt(run, 36));

/** Queues and exchanges with the test prefix: from the management API when it answers, else the registries. */
async function brokerNames(): Promise<{ queues: string[]; exchanges: string[] }> {
  const amqp = new URL(TEST_AMQP_URL);
  const auth = `Basic ${Buffer.from(`${decodeURIComponent(amqp.username || 'guest')}:${decodeURIComponent(amqp.password || 'guest')}`).toString('base64')}`;
  const list = async (kind: string) => {
    const res = await fetch(`http://${amqp.hostname}:15672/api/${kind}?columns=name`, { headers: { authorization: auth }, signal: AbortSignal.timeout(2000) });
    if (!res.ok) throw new Error(`management API: ${res.status}`);
    return ((await res.json()) as Array<{ name: string }>).map((q) => q.name).filter((n) => n.startsWith(TEST_PREFIX));
  };
  try {
    return { queues: await list('queues'), exchanges: await list('exchanges') };
  } catch {
    const names = { queues: new Set<string>(), exchanges: new Set<string>() };
    const files = fs.existsSync(registryDir()) ? fs.readdirSync(registryDir()) : [];
    for (const file of files) {
      for (const line of fs.readFileSync(path.join(registryDir(), file), 'utf8').split('\n').filter(Boolean)) {
        const entry = JSON.parse(line) as { queues: string[]; exchanges: string[] };
        entry.queues.forEach((q) => names.queues.add(q));
        entry.exchanges.forEach((e) => names.exchanges.add(e));
      }
    }
    return { queues: [...names.queues], exchanges: [...names.exchanges] };
  }
}

/**
 * Drops the test schemas, queues and exchanges of the runs `doomed` picks (by run id); returns what it
 * dropped. Registries of swept runs go too.
 */
export async function sweepTestResources(doomed: (run: string) => boolean): Promise<Required<Resources>> {
  const pick = (names: string[]) => names.filter((n) => {
    const run = runOf(n);
    return run !== undefined && doomed(run);
  });
  if (!(await databaseAnswers(TEST_DATABASE_URL, 2000))) throw new Error(`no PostgreSQL at ${TEST_DATABASE_URL}`);
  const { default: knex } = await import('knex');
  const db = knex({ client: 'pg', connection: TEST_DATABASE_URL, pool: { min: 0, max: 1 } });
  let schemas: string[];
  try {
    const rows = await db.select('nspname').from('pg_namespace').where('nspname', 'like', `${TEST_PREFIX}%`);
    schemas = pick(rows.map((r: { nspname: string }) => r.nspname));
    for (const schema of schemas) await db.raw('drop schema if exists ?? cascade', [schema]);
  } finally {
    await db.destroy();
  }
  const broker = await brokerNames();
  const dropped = { schemas, queues: pick(broker.queues), exchanges: pick(broker.exchanges) };
  const { default: amqp } = await import('amqplib');
  const conn = await amqp.connect(TEST_AMQP_URL);
  conn.on('error', () => undefined);
  try {
    const ch = await conn.createChannel();
    for (const queue of dropped.queues) await ch.deleteQueue(queue);
    for (const exchange of dropped.exchanges) await ch.deleteExchange(exchange);
  } finally {
    await conn.close().catch(() => undefined);
  }
  if (fs.existsSync(registryDir())) {
    for (const file of fs.readdirSync(registryDir())) if (doomed(file.replace(/\.jsonl$/, ''))) fs.rmSync(path.join(registryDir(), file), { force: true });
  }
  return dropped;
}

/** jest globalSetup: this run's id for every worker, and the leftovers of runs that died. */
export async function sweepBeforeRun(): Promise<Required<Resources>> {
  process.env[TEST_RUN_ENV] = process.pid.toString(36);
  return sweepTestResources((run) => !alive(run));
}

/** jest globalTeardown: whatever this run left, also when a test failed before its own cleanup. */
export async function sweepAfterRun(): Promise<Required<Resources>> {
  const own = testRun();
  return sweepTestResources((run) => run === own || !alive(run));
}
