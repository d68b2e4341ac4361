import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import knex, { type Knex } from 'knex';
import { dropResources, eventually, queueFamily, requireInfrastructure, TEST_AMQP_URL, TEST_DATABASE_URL, uniqueNamespace } from '@dp/testing';
import { seal } from '@dp/auth';
import { spawnFixture, type FixtureProcess } from '../support/fixture-process';
import { ensureBrokerRunning, report } from './support';

/**
 * The integrations worker is SIGKILLed while its sandboxed script is in the middle of delivering an event
 * (the script's own request is held open by this test). The sandbox process dies with it (no orphan), and a
 * new worker delivers the event once its lease has run out: one delivered attempt in the trace, status
 * `success`; the receiver saw the event's stable id twice (at least once), which is how it tells a repeat.
 */
const namespace = uniqueNamespace('rl_integ');
const schema = `${namespace}integrations`;
const queue = `${namespace}integrations`;
const exchange = `${namespace}events`;
const children: FixtureProcess[] = [];
let db: Knex | undefined;
let server: http.Server | undefined;

beforeAll(() => ensureBrokerRunning(), 120_000);

afterAll(async () => {
  try {
    for (const child of children) await child.stop();
    await db?.destroy();
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
  } finally {
    await dropResources({ schemas: [schema], queues: queueFamily(queue), exchanges: [exchange] });
  }
}, 120_000);

const key = randomBytes(32);
const workerEnv = {
  DATABASE_URL: TEST_DATABASE_URL,
  AMQP_URL: TEST_AMQP_URL,
  AMQP_EXCHANGE: exchange,
  QUEUE_PREFIX: namespace,
  DB_SCHEMA: schema,
  INTERNAL_AUTH_SECRET: 'reliability-test-secret-0123456789abcdef',
  INTEGRATIONS_SECRETS_KEY: key.toString('base64'),
  OUTBOUND_ALLOW: '127.0.0.1',
  // An attempt may take 2 s; its lease then lasts 7 s, after which another worker takes the event.
  INTEGRATIONS_CALL_TIMEOUT_MS: '2000',
  INTEGRATIONS_DELIVERY_POLL_MS: '100',
  DB_POOL_MAX: '4',
  LOG_LEVEL: 'warn',
};

const startWorker = async () => {
  const child = spawnFixture('reliability-integrations-worker.ts', workerEnv);
  children.push(child);
  const ready = await child.waitFor('ready marker', (l) => l.marker === 'ready', 90_000);
  return { child, pid: Number(ready.pid) };
};

/** The processes a process started (its threads' children), from /proc. */
function childrenOf(pid: number): number[] {
  return fs.readdirSync(`/proc/${pid}/task`).flatMap((t) => fs.readFileSync(`/proc/${pid}/task/${t}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number));
}
const running = (pid: number) => fs.existsSync(`/proc/${pid}`) && !/State:\s+Z/.test(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));

test('When the integrations worker is killed mid-delivery, Then its sandbox dies with it and a new worker delivers the event once, after the lease', async () => {
  await requireInfrastructure();
  // The receiver: the first request is held open (the worker is killed meanwhile), later ones are answered.
  const received: string[] = [];
  let heldOpen: (() => void) | undefined;
  const firstArrived = new Promise<void>((resolve) => (heldOpen = resolve));
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push(JSON.parse(Buffer.concat(chunks).toString()).eventId);
      if (received.length === 1) return heldOpen?.();
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const receiver = `http://127.0.0.1:${(server.address() as AddressInfo).port}/events`;

  const first = await startWorker(); // migrates the integrations schema
  db = knex({ client: 'pg', connection: TEST_DATABASE_URL, searchPath: [schema], pool: { min: 0, max: 2 } });
  const script = `export default { async fetch(request) {
    const event = JSON.parse((await request.formData()).get('event'));
    const res = await fetch(${JSON.stringify(receiver)}, { method: 'POST', body: JSON.stringify({ eventId: event.eventId }) });
    return new Response('ok', { status: res.status });
  } };`;
  await db('organizations').insert({ id: 'org-1', title: 'Org', created_at: new Date(), title_at: new Date() });
  await db('integrations').insert({
    id: 'int-1', name: 'crash-hook', organization_id: 'org-1', title: 'Crash hook', description: 'd', visibility: 'private', script,
    published_by: 'user-1', signing_secret_sealed: seal(key, 'f'.repeat(64)),
  });
  await db('installations').insert({ id: 'inst-1', integration_id: 'int-1', organization_id: 'org-1', created_by: 'user-1' });
  await db('integration_events').insert({
    id: 'evt-1', integration_id: 'int-1', installation_id: 'inst-1', event_id: 'stable-event-id', type: 'installation_setup',
    status: 'pending', next_attempt_at: new Date(), payload: JSON.stringify({ eventId: 'stable-event-id', type: 'installation_setup', installationId: 'inst-1', status: 'active' }),
  });

  await firstArrived;
  const sandboxes = childrenOf(first.pid);
  expect(sandboxes.length).toBeGreaterThan(0);
  first.child.kill('SIGKILL');
  await first.child.exited;
  const killedAt = Date.now();
  // No orphan: the sandbox process had the parent-death signal.
  await eventually(() => sandboxes.every((pid) => !running(pid)), 5_000);

  await startWorker();
  const delivered = await eventually(async () => {
    const event = await db!('integration_events').where({ id: 'evt-1' }).first();
    return event.status === 'success' ? event : undefined;
  }, 30_000);
  const logs = await db('integration_event_logs').where({ event_id: 'evt-1' }).orderBy('seq');
  report('integrations worker killed mid-delivery', { attempts: delivered.attempts, received: received.length, redeliveredAfterMs: Date.now() - killedAt });
  expect(delivered.attempts).toBe(2);
  expect(logs.map((l: { message: string }) => l.message)).toEqual([expect.stringMatching(/^attempt 2 to the script: HTTP 200 in \d+ ms; delivered$/)]);
  expect(received).toEqual(['stable-event-id', 'stable-event-id']);
});
