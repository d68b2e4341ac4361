import { randomUUID } from 'node:crypto';
import amqp from 'amqplib';
import knex, { type Knex } from 'knex';
import { ContentEvents, envelope, type CloudEvent } from '@dp/events';
import { dropResources, eventually, queueFamily, requireInfrastructure, TEST_AMQP_URL, TEST_DATABASE_URL, uniqueNamespace } from '@dp/testing';
import { spawnFixture, type FixtureProcess } from '../support/fixture-process';
import { ensureBrokerRunning, publishDirect, report } from './support';

/**
 * The sites service's real worker, in its own process, handles a stream of content.space.deleted events:
 * each deleted space leaves the one site showing it, which emits one sites.site.updated (ADR 0008). It is
 * SIGKILLed mid-stream and a new worker takes over. Counted per deleted space, as the other tests count:
 *   - lost                    the space is still shown by its site, or its copy is not marked deleted,
 *   - duplicated (in effect)  its site got more than one sites.site.updated for it,
 *   - unexpected              a space that was not deleted left its site, or its site got an update,
 * and all three must be zero.
 */
const DELETED = 120;
const KEPT = 10;
const namespace = uniqueNamespace('rl_sites');
const schema = `${namespace}sites`;
const queue = `${namespace}sites`;
const exchange = `${namespace}events`;
const children: FixtureProcess[] = [];
let db: Knex | undefined;

beforeAll(() => ensureBrokerRunning(), 120_000);

afterAll(async () => {
  try {
    for (const child of children) await child.stop();
    await db?.destroy();
  } finally {
    await dropResources({ schemas: [schema], queues: queueFamily(queue), exchanges: [exchange] });
  }
}, 120_000);

const fixtureUrl = new URL(TEST_DATABASE_URL);
fixtureUrl.searchParams.set('application_name', `${namespace}fixture`);
const workerEnv = {
  DATABASE_URL: fixtureUrl.toString(),
  AMQP_URL: TEST_AMQP_URL,
  AMQP_EXCHANGE: exchange,
  QUEUE_PREFIX: namespace,
  DB_SCHEMA: schema,
  INTERNAL_AUTH_SECRET: 'reliability-test-secret-0123456789abcdef',
  DB_POOL_MAX: '4',
  LOG_LEVEL: 'warn',
};

const startWorker = async () => {
  const child = spawnFixture('reliability-sites-worker.ts', workerEnv);
  children.push(child);
  await child.waitFor('ready marker', (l) => l.marker === 'ready', 90_000);
  return child;
};

const snapshot = (id: string, org: string, at: string, deletedAt: string | null, version: number) => ({
  id,
  organization: org,
  title: `Space ${id}`,
  emoji: null,
  visibility: 'public',
  editMode: 'live',
  parent: null,
  defaultLevel: 'inherit',
  revision: 'rev1',
  createdAt: at,
  updatedAt: deletedAt ?? at,
  deletedAt,
  version,
});

test('When the sites worker is killed (SIGKILL) while it handles content.space.deleted events, Then a new worker takes over and every deleted space leaves its site once (lost 0, duplicated 0, unexpected 0)', async () => {
  await requireInfrastructure();
  let worker = await startWorker(); // migrates the sites schema and binds its queue
  db = knex({ client: 'pg', connection: TEST_DATABASE_URL, searchPath: [schema], pool: { min: 0, max: 2 } });

  // One site per space, showing it: DELETED spaces that content deletes, KEPT that it does not.
  const org = `org_${randomUUID()}`;
  const created = new Date(Date.now() - 60_000).toISOString();
  const spaces = Array.from({ length: DELETED + KEPT }, (_, i) => ({ space: `space_${i}_${randomUUID()}`, site: `site_${i}_${randomUUID()}` }));
  await db.transaction(async (trx) => {
    for (const { space, site } of spaces) {
      const s = snapshot(space, org, created, null, 1);
      await trx('space_copies').insert({ id: space, organization_id: org, title: s.title, visibility: 'public', revision_id: 'rev1', created_at: created, updated_at: created, snapshot_version: 1 });
      await trx('sites').insert({ id: site, organization_id: org, title: `Site of ${space}`, created_by: 'user_1' });
      await trx('site_spaces').insert({ id: `ss_${space}`, site_id: site, space_id: space, path: 'docs', is_default: true, position: 1024, created_by: 'user_1' });
    }
  });
  const deleted = spaces.slice(0, DELETED);
  const kept = spaces.slice(DELETED);
  const deletedAt = new Date().toISOString();
  const events: CloudEvent[] = deleted.map(({ space }) => envelope(ContentEvents.SPACE_DELETED, { space: snapshot(space, org, created, deletedAt, 2) }, { source: '/content' }));
  const handled = async () => Number((await db!('inbox').count({ n: '*' }))[0].n);

  await publishDirect(exchange, events);
  // Kill it mid-stream: some events handled, the rest still queued or in flight.
  await eventually(async () => (await handled()) >= 10, 60_000, 5);
  worker.kill('SIGKILL');
  expect((await worker.exited).signal).toBe('SIGKILL');
  await eventually(async () => {
    const { rows } = await db!.raw('select count(*)::int as n from pg_stat_activity where application_name = ?', [`${namespace}fixture`]);
    return rows[0].n === 0;
  }, 30_000, 50);
  const handledAtKill = await handled();
  expect(handledAtKill).toBeGreaterThan(0);
  expect(handledAtKill).toBeLessThan(DELETED);

  worker = await startWorker();
  await eventually(async () => (await handled()) >= DELETED, 90_000, 100);
  // Absence by a later marker: one more deletion sent through the retry queue comes back after every
  // redelivery and retry that was on its way; once it is handled, nothing else of the first ones can come.
  const markerSpace = kept.pop()!;
  const marker = envelope(ContentEvents.SPACE_DELETED, { space: snapshot(markerSpace.space, org, created, deletedAt, 2) }, { source: '/content' });
  const conn = await amqp.connect(TEST_AMQP_URL);
  try {
    const ch = await conn.createConfirmChannel();
    ch.sendToQueue(`${queue}.retry`, Buffer.from(JSON.stringify(marker)), { persistent: true, messageId: marker.id, expiration: '1', contentType: 'application/cloudevents+json' });
    await ch.waitForConfirms();
  } finally {
    await conn.close();
  }
  await eventually(async () => (await db!('inbox').where({ event_id: marker.id }).first()) !== undefined, 60_000, 50);
  deleted.push(markerSpace);

  const shown = new Set((await db('site_spaces').select('space_id')).map((r: { space_id: string }) => r.space_id));
  const copies = new Map((await db('space_copies').select('id', 'deleted_at')).map((r: { id: string; deleted_at: Date | null }) => [r.id, r.deleted_at]));
  const updates = new Map<string, number>();
  for (const row of await db('outbox').select('event')) {
    const event = row.event as CloudEvent<{ siteId: string }>;
    if (event.type === 'sites.site.updated') updates.set(event.data.siteId, (updates.get(event.data.siteId) ?? 0) + 1);
  }
  const lost = deleted.filter(({ space }) => shown.has(space) || !copies.get(space));
  const duplicated = deleted.filter(({ site }) => (updates.get(site) ?? 0) > 1);
  const unexpected = kept.filter(({ space, site }) => !shown.has(space) || copies.get(space) || updates.has(site));
  const redeliveries = worker.lines.filter((l) => l.msg === 'handler failed; will retry').length;
  report('sites worker killed mid-stream', { lost: lost.length, duplicated: duplicated.length, unexpected: unexpected.length, deleted: deleted.length, handledAtKill, redeliveriesRetried: redeliveries });

  expect({ lost: lost.length, duplicated: duplicated.length, unexpected: unexpected.length }).toEqual({ lost: 0, duplicated: 0, unexpected: 0 });
  // Every deletion left its site with exactly one sites.site.updated, and the new worker's relay published them.
  expect(deleted.every(({ site }) => updates.get(site) === 1)).toBe(true);
  await eventually(async () => Number((await db!('outbox').whereNull('published_at').count({ n: '*' }))[0].n) === 0, 30_000, 100);
}, 300_000);
