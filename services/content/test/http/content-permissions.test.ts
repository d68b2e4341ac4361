import { newId } from '@dp/db';
import { componentOf, expectOfficialSchema, identityStandIn } from '@dp/testing';
import { contentService } from '../../src';
import { contentFixtures, type TestUser } from './fixtures';

/**
 * Roles granted to users on a space or a collection (issue 25, docs/adr/0096) on content's app: a grant raises a
 * member's organization role there, gives a guest that and nothing else, a collection's grant reaches what it
 * holds, and a removal counts on the next request. Identity, asked whether the invited users are in the organization, is a server this file runs.
 */
const identity = identityStandIn();
const { members, orgRoles } = identity;
const api = componentOf('sperm', contentService, () => identity.start());
afterAll(() => identity.close());
const fixtures = contentFixtures(api);
const orgId = fixtures.orgId;
let reader: TestUser;
let guest: TestUser;
let outsider: TestUser;

beforeAll(async () => {
  reader = await fixtures.newUser('reader', 'read');
  // A guest: in the organization (identity says so) without an organization-wide role.
  guest = await fixtures.newUser('guest', 'read', newId());
  outsider = await fixtures.newUser('outsider', 'admin', newId());
  for (const user of [fixtures.owner, reader, guest]) members.add(user.id);
  identity.names.set(reader.id, 'reader');
  orgRoles.set(fixtures.owner.id, 'admin');
  orgRoles.set(reader.id, 'read');
});

const newSpace = async (title: string) => (await fixtures.call('POST', `/v1/orgs/${orgId}/spaces`, { title })).body.id as string;
const as = (user: TestUser, method: string, path: string, body?: unknown) => api.call(method, path, { as: user.as, body });
const grant = (spaceId: string, body: object, by: TestUser = fixtures.owner) => as(by, 'POST', `/v1/spaces/${spaceId}/permissions`, body);

describe('permissions of users on a space', () => {
  test('When an admin grants a guest read on one space, Then the guest sees that space and lists only it; another space stays hidden', async () => {
    const [shared, hidden] = [await newSpace('Shared'), await newSpace('Hidden')];
    expect((await as(guest, 'GET', `/v1/spaces/${shared}`)).status).toBe(404);
    expect((await grant(shared, { role: 'read', users: [guest.id] })).status).toBe(204);
    const got = await as(guest, 'GET', `/v1/spaces/${shared}`);
    expect(got.status).toBe(200);
    expect(got.body.permissions).toMatchObject({ view: true, edit: false, admin: false });
    expect((await as(guest, 'GET', `/v1/spaces/${hidden}`)).status).toBe(404);
    const list = await as(guest, 'GET', `/v1/orgs/${orgId}/spaces`);
    expect(list.body.items.map((s: { id: string }) => s.id)).toEqual([shared]);
    expect(list.body.count).toBe(1);
    // Writing is beyond read: refused, and nothing changed.
    expect((await as(guest, 'PATCH', `/v1/spaces/${shared}`, { title: 'Mine now' })).status).toBe(403);
    expect((await fixtures.call('GET', `/v1/spaces/${shared}`)).body.title).toBe('Shared');
  });

  test('When a reader is granted edit on a space, Then they may edit it (and only it); the list shows them as such; a removal counts on the next request', async () => {
    const [editable, other] = [await newSpace('Editable'), await newSpace('Other')];
    expect((await grant(editable, { role: 'edit', users: [reader.id] })).status).toBe(204);
    expect((await as(reader, 'POST', `/v1/spaces/${editable}/change-requests`, { subject: 'Fix' })).status).toBe(201);
    expect((await as(reader, 'POST', `/v1/spaces/${other}/change-requests`, { subject: 'Fix' })).status).toBe(403);
    const listed = await as(reader, 'GET', `/v1/orgs/${orgId}/spaces?limit=100`);
    const permissionsOf = (id: string) => listed.body.items.find((s: { id: string }) => s.id === id).permissions;
    expect(permissionsOf(editable).edit).toBe(true);
    expect(permissionsOf(other).edit).toBe(false);
    const users = await fixtures.call('GET', `/v1/spaces/${editable}/permissions/users`);
    expect(users.status).toBe(200);
    expect(users.body.items).toEqual([{ permission: 'edit', user: expect.objectContaining({ object: 'user', id: reader.id, displayName: 'reader' }) }]);
    for (const item of users.body.items) expectOfficialSchema('UserContentPermission', item);
    expect((await fixtures.call('PATCH', `/v1/spaces/${editable}/permissions/users/${reader.id}`, { role: 'comment' })).status).toBe(204);
    expect((await as(reader, 'POST', `/v1/spaces/${editable}/change-requests`, { subject: 'Again' })).status).toBe(403);
    expect((await fixtures.call('DELETE', `/v1/spaces/${editable}/permissions/users/${reader.id}`)).status).toBe(205);
    expect((await fixtures.call('DELETE', `/v1/spaces/${editable}/permissions/users/${reader.id}`)).status).toBe(204);
    expect((await fixtures.call('PATCH', `/v1/spaces/${editable}/permissions/users/${reader.id}`, { role: 'edit' })).status).toBe(404);
    const events = (await api.outbox('content.space-permission.updated')).filter((e) => e.subject === editable).map((e) => (e.data as { role: string | null }).role);
    expect(events).toEqual(['edit', 'comment', null]);
  });

  test('When someone who is not the space s admin grants, or an invitee is no user, Then it is a 403, a 404 or a 400, and nothing is granted', async () => {
    const space = await newSpace('Guarded');
    expect((await grant(space, { role: 'admin', users: [reader.id] }, reader)).status).toBe(403);
    expect((await grant(space, { role: 'read', users: [reader.id] }, outsider)).status).toBe(404);
    const nobody = newId();
    const unknown = await grant(space, { role: 'read', users: [reader.id, nobody] });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe(`User ${nobody} not found`);
    expect((await grant(space, { role: null, users: [reader.id] })).status).toBe(400);
    expect((await grant(space, { role: 'read', teams: ['t1'] })).status).toBe(404);
    expect((await grant(space, { role: 'read' })).status).toBe(400);
    expect((await fixtures.call('GET', `/v1/spaces/${space}/permissions/users`)).body.items).toEqual([]);
    // A user with no grant anywhere in the organization: its spaces are not theirs to list.
    expect((await as(outsider, 'GET', `/v1/orgs/${orgId}/spaces`)).status).toBe(404);
  });

  test('When a user of the platform who is not in the organization is invited to a space, Then they become its guest and see that space alone', async () => {
    const invited = await fixtures.newUser('invited', 'admin', newId());
    identity.strangers.add(invited.id);
    const space = await newSpace('Invited to');
    expect((await grant(space, { role: 'comment', users: [invited.id] })).status).toBe(204);
    expect(members.has(invited.id)).toBe(true);
    expect((await as(invited, 'GET', `/v1/spaces/${space}`)).body.permissions).toMatchObject({ view: true, comment: true, edit: false });
    expect((await as(invited, 'GET', `/v1/orgs/${orgId}/spaces`)).body.items.map((s: { id: string }) => s.id)).toEqual([space]);
  });
});

describe('permissions of users on a collection', () => {
  const newCollection = async (title: string, parent?: string) => (await fixtures.call('POST', `/v1/orgs/${orgId}/collections`, { title, ...(parent ? { parent } : {}) })).body.id as string;
  const spaceIn = async (title: string, parent: string) => (await fixtures.call('POST', `/v1/orgs/${orgId}/spaces`, { title, parent })).body.id as string;

  test('When a guest is granted edit on a collection, Then its spaces and those of its sub-collections are theirs to edit, and nothing outside it', async () => {
    const team = await newCollection('Team docs');
    const nested = await newCollection('Nested', team);
    const [top, deep, outside] = [await spaceIn('Top', team), await spaceIn('Deep', nested), await newSpace('Outside')];
    const guest2 = await fixtures.newUser('guest2', 'read', newId());
    members.add(guest2.id);
    expect((await as(fixtures.owner, 'POST', `/v1/collections/${team}/permissions`, { role: 'edit', users: [guest2.id] })).status).toBe(204);
    expect((await as(guest2, 'GET', `/v1/collections/${nested}`)).status).toBe(200);
    for (const space of [top, deep]) {
      expect((await as(guest2, 'GET', `/v1/spaces/${space}`)).body.permissions).toMatchObject({ view: true, edit: true, admin: false });
      expect((await as(guest2, 'POST', `/v1/spaces/${space}/change-requests`, { subject: 'Mine' })).status).toBe(201);
    }
    expect((await as(guest2, 'GET', `/v1/spaces/${outside}`)).status).toBe(404);
    const listed = await as(guest2, 'GET', `/v1/orgs/${orgId}/spaces?limit=100`);
    expect(listed.body.items.map((s: { id: string }) => s.id).sort()).toEqual([top, deep].sort());
    const users = await fixtures.call('GET', `/v1/collections/${team}/permissions/users`);
    expect(users.body.items).toEqual([{ permission: 'edit', user: expect.objectContaining({ id: guest2.id }) }]);

    // A space grant raises within the collection's: admin on one space.
    expect((await grant(deep, { role: 'admin', users: [guest2.id] })).status).toBe(204);
    expect((await as(guest2, 'GET', `/v1/spaces/${deep}`)).body.permissions.admin).toBe(true);
    // Removing the collection's grant ends what it gave, on the next request; the space's own stays.
    expect((await fixtures.call('DELETE', `/v1/collections/${team}/permissions/users/${guest2.id}`)).status).toBe(205);
    expect((await as(guest2, 'GET', `/v1/spaces/${top}`)).status).toBe(404);
    expect((await as(guest2, 'GET', `/v1/spaces/${deep}`)).status).toBe(200);
    const events = (await api.outbox('content.collection-permission.updated')).filter((e) => e.subject === team).map((e) => (e.data as { role: string | null }).role);
    expect(events).toEqual(['edit', null]);
  });

  test('When a guest is granted a nested collection, Then the collections list shows them it (as their top) and what is under it, nothing else; a member sees each with their role', async () => {
    const outer = await newCollection('Outer');
    const inner = await newCollection('Inner', outer);
    const below = await newCollection('Below', inner);
    const guest3 = await fixtures.newUser('guest3', 'read', newId());
    members.add(guest3.id);
    expect((await as(guest3, 'GET', `/v1/orgs/${orgId}/collections`)).status).toBe(404);
    expect((await as(fixtures.owner, 'POST', `/v1/collections/${inner}/permissions`, { role: 'create', users: [guest3.id, reader.id] })).status).toBe(204);
    const top = await as(guest3, 'GET', `/v1/orgs/${orgId}/collections?nested=false`);
    expect(top.status).toBe(200);
    expect(top.body.items.map((c: { id: string }) => c.id)).toEqual([inner]);
    expect(top.body.count).toBe(1);
    const all = await as(guest3, 'GET', `/v1/orgs/${orgId}/collections?limit=100`);
    expect(all.body.items.map((c: { id: string }) => c.id).sort()).toEqual([inner, below].sort());
    expect(all.body.items.every((c: { permissions: { create: boolean } }) => c.permissions.create)).toBe(true);
    const readers = await as(reader, 'GET', `/v1/orgs/${orgId}/collections?limit=100`);
    const createOf = (id: string) => readers.body.items.find((c: { id: string }) => c.id === id).permissions.create;
    expect([createOf(outer), createOf(inner), createOf(below)]).toEqual([false, true, true]);
  });

  test('When a reader who is not the collection s admin grants, Then it is a 403 and nothing is granted', async () => {
    const collection = await newCollection('Guarded collection');
    expect((await as(reader, 'POST', `/v1/collections/${collection}/permissions`, { role: 'admin', users: [reader.id] })).status).toBe(403);
    expect((await fixtures.call('GET', `/v1/collections/${collection}/permissions/users`)).body.items).toEqual([]);
  });
});

describe("a member's spaces", () => {
  test('When someone asks for a member s spaces, Then each space they may see comes with their role on it; a guest s are only those granted', async () => {
    const [granted, plain] = [await newSpace('Granted to reader'), await newSpace('Plain')];
    await grant(granted, { role: 'edit', users: [reader.id, guest.id] });
    const spacesOf = async (user: TestUser, by: TestUser = fixtures.owner) => as(by, 'GET', `/v1/orgs/${orgId}/members/${user.id}/spaces?limit=100`);
    const readers = await spacesOf(reader);
    expect(readers.status).toBe(200);
    for (const item of readers.body.items) expectOfficialSchema('MemberContentPermission', item);
    const permissionOn = (body: { items: Array<{ permission: string; space: { id: string } }> }, id: string) => body.items.find((i) => i.space.id === id)?.permission;
    expect(permissionOn(readers.body, granted)).toBe('edit');
    expect(permissionOn(readers.body, plain)).toBe('read');
    const guests = await spacesOf(guest);
    expect(guests.body.items.map((i: { space: { id: string } }) => i.space.id)).toContain(granted);
    expect(permissionOn(guests.body, plain)).toBeUndefined();
    expect(guests.body.count).toBe(guests.body.items.length);
    // The Space objects show the caller's own abilities: a reader asking sees read on the plain space.
    const asReader = await spacesOf(reader, reader);
    expect(asReader.body.items.find((i: { space: { id: string } }) => i.space.id === plain).space.permissions.edit).toBe(false);
    expect((await spacesOf(outsider)).status).toBe(404);
    expect((await spacesOf(reader, outsider)).status).toBe(404);
  });
});

describe("a guest's organization search", () => {
  /** A space with one page holding `text`, merged and indexed as the worker would. */
  async function spaceWithPage(title: string, text: string): Promise<string> {
    const spaceId = await newSpace(title);
    const cr = (await fixtures.call('POST', `/v1/spaces/${spaceId}/change-requests`, { subject: 'Page' })).body.id;
    expect((await fixtures.author(spaceId, cr, [{ operation: 'insert_page', title, document: { markdown: text } }])).status).toBe(200);
    expect((await fixtures.call('POST', `/v1/spaces/${spaceId}/change-requests/${cr}/merge`)).status).toBe(200);
    for (const event of await api.outbox('content.revision.created')) await api.handle(event);
    return spaceId;
  }

  test('When a guest searches the organization, Then only the spaces granted to them are searched; with none, it is a 404', async () => {
    const [theirs, others] = [await spaceWithPage('Theirs', 'The quokka handbook.'), await spaceWithPage('Others', 'Another quokka page.')];
    const searcher = await fixtures.newUser('searcher', 'read', newId());
    members.add(searcher.id);
    expect((await as(searcher, 'GET', `/v1/orgs/${orgId}/search?query=quokka`)).status).toBe(404);
    await grant(theirs, { role: 'read', users: [searcher.id] });
    const found = await as(searcher, 'GET', `/v1/orgs/${orgId}/search?query=quokka`);
    expect(found.status).toBe(200);
    expect(found.body.items.map((s: { id: string }) => s.id)).toEqual([theirs]);
    // A member searches every space.
    const all = await as(reader, 'GET', `/v1/orgs/${orgId}/search?query=quokka`);
    expect(all.body.items.map((s: { id: string }) => s.id).sort()).toEqual([theirs, others].sort());
  });
});
