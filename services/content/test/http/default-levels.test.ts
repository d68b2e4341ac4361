import { ContentEvents } from '@dp/events';
import { componentOf, expectOfficialSchema, identityStandIn } from '@dp/testing';
import { contentService } from '../../src';
import { contentFixtures, type TestUser } from './fixtures';

/**
 * Default levels on content's app (issue 25, docs/adr/0101): `defaultLevel` on a space or a collection decides what
 * organization members have there before grants. A role resets theirs (lower or higher), `null` hides the object
 * from all but admins, its creator and those granted it, `inherit` takes the parent's; lists, search and who has
 * access follow. Identity (members, who has access) is a server this file runs.
 */
const identity = identityStandIn();
const { members, orgRoles } = identity;
const api = componentOf('dlvl', contentService, () => identity.start());
afterAll(() => identity.close());
const fixtures = contentFixtures(api);
const orgId = fixtures.orgId;
let creator: TestUser;
let writer: TestUser;

beforeAll(async () => {
  creator = await fixtures.newUser('creator', 'create');
  writer = await fixtures.newUser('writer', 'create');
  for (const user of [fixtures.owner, creator, writer]) members.add(user.id);
  orgRoles.set(fixtures.owner.id, 'admin');
  orgRoles.set(creator.id, 'create');
  orgRoles.set(writer.id, 'create');
});

const as = (user: TestUser, method: string, path: string, body?: unknown) => api.call(method, path, { as: user.as, body });
const newSpace = async (by: TestUser, title: string, parent?: string) => {
  const res = await as(by, 'POST', `/v1/orgs/${orgId}/spaces`, { title, ...(parent ? { parent } : {}) });
  expect(res.status).toBe(201);
  return res.body.id as string;
};
const newCollection = async (title: string, parent?: string) => (await fixtures.call('POST', `/v1/orgs/${orgId}/collections`, { title, ...(parent ? { parent } : {}) })).body.id as string;
const level = async (path: string, defaultLevel: string | null) => {
  const res = await fixtures.call('PATCH', path, { defaultLevel });
  expect(res.status).toBe(200);
  return res.body;
};
const listed = async (user: TestUser, path: string) => {
  const res = await as(user, 'GET', path);
  expect(res.status).toBe(200);
  expect(res.body.count).toBe(res.body.items.length);
  return res.body.items.map((i: { id: string }) => i.id) as string[];
};

describe('a space with no access by default', () => {
  test('When an admin sets a space to no access, Then other members neither see, list nor search it; its creator and admins keep it; a grant lets one back in', async () => {
    const hidden = await newSpace(creator, 'Payroll');
    const open = await newSpace(creator, 'Handbook');
    const space = await level(`/v1/spaces/${hidden}`, null);
    expect(space.defaultLevel).toBeNull();
    expectOfficialSchema('Space', space);

    expect((await as(writer, 'GET', `/v1/spaces/${hidden}`)).status).toBe(404);
    expect((await as(writer, 'PATCH', `/v1/spaces/${hidden}`, { title: 'Mine' })).status).toBe(404);
    const writerSees = await listed(writer, `/v1/orgs/${orgId}/spaces?limit=100`);
    expect(writerSees).toContain(open);
    expect(writerSees).not.toContain(hidden);
    expect((await as(creator, 'GET', `/v1/spaces/${hidden}`)).body.permissions).toMatchObject({ view: true, edit: true });
    expect(await listed(creator, `/v1/orgs/${orgId}/spaces?limit=100`)).toContain(hidden);
    expect(await listed(fixtures.owner, `/v1/orgs/${orgId}/spaces?limit=100`)).toContain(hidden);

    // Search: the page of the hidden space is found by those who may see it only.
    const cr = (await as(creator, 'POST', `/v1/spaces/${hidden}/change-requests`, { subject: 'Salaries' })).body.id;
    await as(creator, 'POST', `/v1/spaces/${hidden}/change-requests/${cr}/content?compat=false`, { changes: [{ operation: 'insert_page', title: 'Zanzibar salaries', document: { markdown: 'Zanzibar grid.' } }] });
    expect((await as(creator, 'POST', `/v1/spaces/${hidden}/change-requests/${cr}/merge`)).status).toBe(200);
    for (const event of await api.outbox(ContentEvents.REVISION_CREATED)) await api.handle(event);
    const found = async (user: TestUser) => (await as(user, 'GET', `/v1/orgs/${orgId}/search?query=zanzibar`)).body.items.map((s: { id: string }) => s.id);
    expect(await found(creator)).toEqual([hidden]);
    expect(await found(writer)).toEqual([]);

    expect((await fixtures.call('POST', `/v1/spaces/${hidden}/permissions`, { role: 'comment', users: [writer.id] })).status).toBe(204);
    expect((await as(writer, 'GET', `/v1/spaces/${hidden}`)).body.permissions).toMatchObject({ view: true, comment: true, edit: false });
    expect(await listed(writer, `/v1/orgs/${orgId}/spaces?limit=100`)).toContain(hidden);
    expect(await found(writer)).toEqual([hidden]);

    const access = await fixtures.call('GET', `/v1/spaces/${hidden}/permissions/aggregate`);
    expect(access.status).toBe(200);
    const byUser = Object.fromEntries(access.body.items.map((i: { user: { id: string }; permission: string }) => [i.user.id, i.permission]));
    expect(byUser).toEqual({ [fixtures.owner.id]: 'admin', [creator.id]: 'create', [writer.id]: 'comment' });

    // Only an admin of the space says who sees it by default.
    expect((await as(creator, 'PATCH', `/v1/spaces/${hidden}`, { defaultLevel: 'inherit' })).status).toBe(403);
    expect((await level(`/v1/spaces/${hidden}`, 'inherit')).defaultLevel).toBe('inherit');
    expect((await as(writer, 'GET', `/v1/spaces/${hidden}`)).body.permissions).toMatchObject({ edit: true });
  });
});

describe('levels down the tree', () => {
  test('When a collection is set to read, Then the spaces that inherit are read-only for members; a space with its own level, and a grant, decide for themselves', async () => {
    const guides = await newCollection('Guides');
    const inherits = await newSpace(fixtures.owner, 'Inherits', guides);
    const own = await newSpace(fixtures.owner, 'Own level', guides);
    const collection = await level(`/v1/collections/${guides}`, 'read');
    expectOfficialSchema('Collection', collection);
    await level(`/v1/spaces/${own}`, 'edit');

    const write = (spaceId: string) => as(writer, 'POST', `/v1/spaces/${spaceId}/change-requests`, { subject: 'Edit' });
    expect((await write(inherits)).status).toBe(403);
    expect((await as(writer, 'GET', `/v1/spaces/${inherits}`)).body.permissions).toMatchObject({ view: true, edit: false });
    expect((await write(own)).status).toBe(201);
    expect((await as(writer, 'GET', `/v1/collections/${guides}`)).body.permissions).toMatchObject({ view: true, create: false, admin: false });

    // A grant on the collection raises what the level gives, in every space under it.
    expect((await fixtures.call('POST', `/v1/collections/${guides}/permissions`, { role: 'edit', users: [writer.id] })).status).toBe(204);
    expect((await write(inherits)).status).toBe(201);
  });

  test('When a collection is set to no access, Then it, what is under it and its spaces are hidden from members; a sub-collection granted to one shows at their top level', async () => {
    const secret = await newCollection('Secret');
    const inner = await newCollection('Inner', secret);
    const innerSpace = await newSpace(fixtures.owner, 'Inner space', inner);
    await level(`/v1/collections/${secret}`, null);

    expect((await as(writer, 'GET', `/v1/collections/${secret}`)).status).toBe(404);
    expect((await as(writer, 'GET', `/v1/collections/${inner}`)).status).toBe(404);
    expect((await as(writer, 'GET', `/v1/spaces/${innerSpace}`)).status).toBe(404);
    const top = await listed(writer, `/v1/orgs/${orgId}/collections?limit=100`);
    expect(top).not.toContain(secret);
    expect(top).not.toContain(inner);
    expect(await listed(writer, `/v1/orgs/${orgId}/spaces?limit=100`)).not.toContain(innerSpace);
    expect(await listed(fixtures.owner, `/v1/orgs/${orgId}/collections?limit=100`)).toContain(secret);

    expect((await fixtures.call('POST', `/v1/collections/${inner}/permissions`, { role: 'read', users: [writer.id] })).status).toBe(204);
    const nowTop = await listed(writer, `/v1/orgs/${orgId}/collections?limit=100`);
    expect(nowTop).toContain(inner);
    expect(nowTop).not.toContain(secret);
    expect((await as(writer, 'GET', `/v1/spaces/${innerSpace}`)).status).toBe(200);
  });

  test('When a level is not one of the official ones, Then it is a 400 and nothing changes', async () => {
    const space = await newSpace(fixtures.owner, 'Strict');
    for (const defaultLevel of ['owner', 'guest', 3, '']) {
      expect((await fixtures.call('PATCH', `/v1/spaces/${space}`, { defaultLevel })).status).toBe(400);
    }
    expect((await fixtures.call('GET', `/v1/spaces/${space}`)).body.defaultLevel).toBe('inherit');
  });
});
