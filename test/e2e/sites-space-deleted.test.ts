import { randomUUID } from 'node:crypto';
import knex, { type Knex } from 'knex';
import { ContentEvents, createEvent, SitesEvents } from '@dp/events';
import { eventually, expectOfficialSchema, TEST_DATABASE_URL } from '@dp/testing';
import { bootStack, type TestStack } from '../support/stack';

/**
 * A space shown by two sites is deleted in content: content.space.deleted crosses the real RabbitMQ to the
 * sites worker, which removes it from both sites (docs/adr/0008). Restoring it does not bring it back;
 * adding it again does, and a late copy of the old deletion cannot undo that.
 */
// jest ignores `testTimeout` set on a project (jest.config.js): timeouts are given here.
let stack: TestStack;
let db: Knex;
let owner: { id: string; token: string };
let orgId: string;
let spaceId: string;
let keptA: string;
let keptB: string;
let siteA: string;
let siteB: string;

const sitesSchema = () => stack.envOf('sites').DB_SCHEMA!;
const contentSchema = () => stack.envOf('content').DB_SCHEMA!;
const siteSpaces = async (siteId: string) => {
  const res = await stack.call('GET', `/v1/orgs/${orgId}/sites/${siteId}/site-spaces`, { token: owner.token });
  expect(res.status).toBe(200);
  return res.body.items as Array<{ id: string; default: boolean; space: { id: string } }>;
};
const spaceIdsOf = async (siteId: string) => (await siteSpaces(siteId)).map((s) => s.space.id);
const site = async (siteId: string) => (await stack.call('GET', `/v1/orgs/${orgId}/sites/${siteId}`, { token: owner.token })).body;
const copy = () => db.withSchema(sitesSchema()).from('space_copies').where({ id: spaceId }).first();
const handledBySites = (type: string) => db.withSchema(sitesSchema()).from('inbox').where({ type }).select('event_id');
const newSpace = async (title: string) => {
  const res = await stack.call('POST', `/v1/orgs/${orgId}/spaces`, { token: owner.token, body: { title } });
  expect(res.status).toBe(201);
  return res.body.id as string;
};
const newSite = async (title: string, spaces: string[]) => {
  const res = await stack.call('POST', `/v1/orgs/${orgId}/sites`, { token: owner.token, body: { title, spaces } });
  expect(res.status).toBe(201);
  return res.body.id as string;
};

beforeAll(async () => {
  stack = await bootStack('ssd');
  db = knex({ client: 'pg', connection: TEST_DATABASE_URL, pool: { min: 0, max: 1 } });
  owner = await stack.newUser('sites-owner');
  orgId = (await stack.newOrg(owner.token, 'Sites Inc')).id;
  spaceId = await newSpace('Shared guide');
  keptA = await newSpace('Kept A');
  keptB = await newSpace('Kept B');
  // In A the shared space is not the default; in B it is, so B needs a new default once it leaves.
  siteA = await newSite('Site A', [keptA]);
  siteB = await newSite('Site B', [spaceId, keptB]);
  const added = await stack.call('POST', `/v1/orgs/${orgId}/sites/${siteA}/site-spaces`, { token: owner.token, body: { spaceId } });
  expect(added.status).toBe(201);
}, 120_000);

afterAll(async () => {
  await db?.destroy();
  await stack?.stop();
}, 60_000);

describe('a deleted space leaves every site', () => {
  test('When the space is deleted through the gateway, Then within seconds it is gone from both sites, whose counts and defaults stay true', async () => {
    expect(await spaceIdsOf(siteA)).toEqual([keptA, spaceId]);
    expect(await spaceIdsOf(siteB)).toEqual([spaceId, keptB]);

    expect((await stack.call('DELETE', `/v1/spaces/${spaceId}`, { token: owner.token })).status).toBe(205);

    await eventually(async () => !(await spaceIdsOf(siteA)).includes(spaceId) && !(await spaceIdsOf(siteB)).includes(spaceId), 15_000, 200);
    expect(await spaceIdsOf(siteA)).toEqual([keptA]);
    expect(await spaceIdsOf(siteB)).toEqual([keptB]);
    expect((await site(siteA)).siteSpaces).toBe(1);
    expect((await site(siteB)).siteSpaces).toBe(1);
    const [b] = await siteSpaces(siteB);
    expect(b.default).toBe(true);
    expectOfficialSchema('SiteSpace', b);
    expect(await copy()).toMatchObject({ id: spaceId, deleted_at: expect.any(Date) });
    // the sites for that space: none any more
    const listed = await stack.call('GET', `/v1/orgs/${orgId}/sites?space=${spaceId}`, { token: owner.token });
    expect(listed.body.count).toBe(0);
    // Each site that lost the space says so: sites.site.updated with the site spaces changed.
    const updates = await db.withSchema(sitesSchema()).from('outbox').where({ type: SitesEvents.SITE_UPDATED });
    const bySpaceLoss = updates.map((r: { event: { data: { siteId: string; changed: string[] } } }) => r.event.data).filter((d) => d.changed.includes('siteSpaces'));
    expect(bySpaceLoss.map((d) => d.siteId).sort()).toEqual([siteA, siteB].sort());
  }, 30_000);

  test('When the deleted space is added to a site, Then it is refused as deleted', async () => {
    const res = await stack.call('POST', `/v1/orgs/${orgId}/sites/${siteA}/site-spaces`, { token: owner.token, body: { spaceId } });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain('deleted');
  });

  test('When the space is restored, Then its copy is live again but it does not come back into the sites', async () => {
    expect((await stack.call('POST', `/v1/spaces/${spaceId}/restore`, { token: owner.token })).status).toBe(200);
    await eventually(async () => (await handledBySites(ContentEvents.SPACE_RESTORED)).length === 1, 15_000, 200);
    expect(await copy()).toMatchObject({ id: spaceId, deleted_at: null });
    // Absence proven by a later marker on the sites queue, not a sleep: a settings change of a kept space,
    // handled by the same consumer after the restore; once its copy shows it, the restore has had its full effect.
    expect((await stack.call('PATCH', `/v1/spaces/${keptA}`, { token: owner.token, body: { title: 'Kept A, marked' } })).status).toBe(200);
    await eventually(async () => (await db.withSchema(sitesSchema()).from('space_copies').where({ id: keptA, title: 'Kept A, marked' }).first()) !== undefined, 15_000, 200);
    expect(await spaceIdsOf(siteA)).toEqual([keptA]);
    expect(await spaceIdsOf(siteB)).toEqual([keptB]);
  }, 30_000);

  test('When the restored space is added again, Then it works and it is shown again', async () => {
    const res = await stack.call('POST', `/v1/orgs/${orgId}/sites/${siteA}/site-spaces`, { token: owner.token, body: { spaceId } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ default: false, space: { id: spaceId } });
    expect(res.body.space.deletedAt).toBeUndefined();
    expectOfficialSchema('SiteSpace', res.body);
    expect(await spaceIdsOf(siteA)).toEqual([keptA, spaceId]);
    expect((await site(siteA)).siteSpaces).toBe(2);
  });

  test('When a late copy of the old deletion arrives after the restore, Then it changes nothing (older snapshot)', async () => {
    const outbox = () => db.withSchema(contentSchema()).from('outbox');
    const original = await outbox().where({ type: ContentEvents.SPACE_DELETED }).whereRaw(`event->>'subject' = ?`, [spaceId]).first();
    expect(original).toBeDefined();
    const late = { ...original.event, id: randomUUID(), time: new Date().toISOString() };
    await outbox().insert({ id: late.id, type: late.type, event: JSON.stringify(late) });

    await eventually(async () => (await handledBySites(ContentEvents.SPACE_DELETED)).some((r: { event_id: string }) => r.event_id === late.id), 15_000, 200);
    expect(await spaceIdsOf(siteA)).toEqual([keptA, spaceId]);
    expect(await copy()).toMatchObject({ deleted_at: null });
  }, 30_000);

  test('When the site is published, Then sites.site.published in the sites outbox lists its site spaces', async () => {
    const res = await stack.call('POST', `/v1/orgs/${orgId}/sites/${siteA}/publish`, { token: owner.token });
    expect(res.status).toBe(200);
    const rows = await db.withSchema(sitesSchema()).from('outbox').where({ type: SitesEvents.SITE_PUBLISHED });
    expect(rows).toHaveLength(1);
    const ids = (await siteSpaces(siteA)).map((s) => s.id);
    expect(rows[0].event.data).toEqual({ siteId: siteA, organizationId: orgId, title: 'Site A', visibility: 'public', siteSpaces: ids, publishedBy: owner.id });
  });

  test('When a deleted space is purged for good, Then its copy leaves the sites service too', async () => {
    const doomed = await newSpace('Purged soon');
    const added = await stack.call('POST', `/v1/orgs/${orgId}/sites/${siteB}/site-spaces`, { token: owner.token, body: { spaceId: doomed } });
    expect(added.status).toBe(201);
    expect((await stack.call('DELETE', `/v1/spaces/${doomed}`, { token: owner.token })).status).toBe(205);
    await eventually(async () => !(await spaceIdsOf(siteB)).includes(doomed), 15_000, 200);
    const copyOf = () => db.withSchema(sitesSchema()).from('space_copies').where({ id: doomed }).first();
    expect(await copyOf()).toMatchObject({ deleted_at: expect.any(Date) });

    // What content's purge job emits past the restore window, put in its outbox as the job would.
    const purged = createEvent(ContentEvents.SPACE_PURGED, { spaceId: doomed, organizationId: orgId }, { source: '/content', subject: doomed });
    await db.withSchema(contentSchema()).from('outbox').insert({ id: purged.id, type: purged.type, event: JSON.stringify(purged) });
    await eventually(async () => (await copyOf()) === undefined, 15_000, 200);
    expect(await spaceIdsOf(siteB)).toEqual([keptB]);
  }, 30_000);
});
