import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLogger } from '@dp/log';
import { closeServer, listen } from '@dp/listen';
import { apiClient, componentOf, eventually, type ComponentCaller } from '@dp/testing';
import { contentService } from '../../src';
import { contentFixtures } from './fixtures';

/**
 * GET of a space is kept per space and caller (docs/adr/0113): a second content process (a replica on the same
 * schema) shows that a write through one is seen by the other once its notification arrives, and by the writer's
 * own process at once. Writes made with `session_replication_role = replica` fire no trigger: a read that still
 * shows the value before them was kept.
 */
const api = componentOf('srd', contentService);
const fixtures = contentFixtures(api);
const releases: Array<() => Promise<void>> = [];
let replica: Server;
let replicaCall: ReturnType<typeof apiClient>;

beforeAll(async () => {
  const app = contentService.createApp({ db: api.db, config: api.config, log: createLogger('content-replica', 'silent'), onStop: (release) => void releases.push(release) });
  replica = await listen(app, 0, '127.0.0.1', api.config);
  replicaCall = apiClient(`http://127.0.0.1:${(replica.address() as AddressInfo).port}`);
});
afterAll(async () => {
  await closeServer(replica);
  for (const release of releases.splice(0)) await release();
});

const readOn = async (where: 'api' | 'replica', spaceId: string, as: ComponentCaller = fixtures.owner.as) => {
  const res = where === 'api' ? await api.call('GET', `/v1/spaces/${spaceId}`, { as }) : await replicaCall('GET', `/v1/spaces/${spaceId}`, { headers: api.headers(as) });
  expect(res.status).toBe(200);
  return res.body as { title: string; changeRequests: number };
};
/** Renames the space behind every process's back: no trigger fires, so no cache hears of it. */
const renameSilently = (spaceId: string, title: string) =>
  api.db.transaction(async (trx) => {
    await trx.raw('set local session_replication_role = replica');
    await trx('spaces').where({ id: spaceId }).update({ title });
  });
const newSpace = async () => {
  const res = await fixtures.call('POST', `/v1/orgs/${fixtures.orgId}/spaces`, { title: 'Kept' });
  expect(res.status).toBe(201);
  return res.body.id as string;
};
/** Reads on `where` until the read is kept there (the process hears the notifications once its LISTEN is live). */
const keptOn = (where: 'api' | 'replica', spaceId: string) =>
  eventually(async () => {
    const title = (await readOn(where, spaceId)).title;
    await renameSilently(spaceId, `${title}!`);
    const kept = (await readOn(where, spaceId)).title === title;
    await renameSilently(spaceId, title);
    return kept;
  }, 15_000, 100);

describe('GET of a space, kept between requests', () => {
  test('When a space was read, Then the next read is the kept one, and a write through the API is read back at once by its writer', async () => {
    const spaceId = await newSpace();
    await keptOn('api', spaceId);
    for (let i = 0; i < 10; i++) {
      await readOn('api', spaceId);
      const patched = await fixtures.call('PATCH', `/v1/spaces/${spaceId}`, { title: `Title ${i}` });
      expect(patched.status).toBe(200);
      expect((await readOn('api', spaceId)).title).toBe(`Title ${i}`);
    }
  });

  test('When another process writes the space or its counters, Then this one reads the change once it is notified', async () => {
    const spaceId = await newSpace();
    await keptOn('replica', spaceId);
    expect(await fixtures.call('PATCH', `/v1/spaces/${spaceId}`, { title: 'Renamed elsewhere' })).toMatchObject({ status: 200 });
    await eventually(async () => (await readOn('replica', spaceId)).title === 'Renamed elsewhere', 5_000, 20);
    await keptOn('replica', spaceId);
    expect(await fixtures.call('POST', `/v1/spaces/${spaceId}/change-requests`, { subject: 'Counted' })).toMatchObject({ status: 201 });
    await eventually(async () => (await readOn('replica', spaceId)).changeRequests === 1, 5_000, 20);
  });

  test('When a reader loses the space elsewhere, Then this process refuses them once it is notified', async () => {
    const spaceId = await newSpace();
    const reader = await fixtures.newUser('reader', 'read');
    await readOn('replica', spaceId, reader.as);
    expect(await fixtures.call('PATCH', `/v1/spaces/${spaceId}`, { defaultLevel: null })).toMatchObject({ status: 200 });
    await eventually(async () => (await replicaCall('GET', `/v1/spaces/${spaceId}`, { headers: api.headers(reader.as) })).status === 404, 5_000, 20);
  });

  test('When the process stops hearing the notifications, Then it keeps nothing until it hears them again', async () => {
    const spaceId = await newSpace();
    await keptOn('replica', spaceId);
    await api.db.raw(`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'outbox-listener' and query = ?`, [`listen "reads_${api.config.DB_SCHEMA}"`]);
    // Until the LISTEN is back, every read comes from the database: a silent rename shows at once.
    const seen = await eventually(async () => {
      await renameSilently(spaceId, 'Unheard');
      return (await readOn('replica', spaceId)).title === 'Unheard' || undefined;
    }, 5_000, 20);
    expect(seen).toBe(true);
    await keptOn('replica', spaceId);
  });
});
