import { can, type Ability, type Role } from '@dp/auth';
import { newId } from '@dp/db';
import { componentOf, identityStandIn, type ComponentCaller } from '@dp/testing';
import { contentService } from '../../src';
import { contentFixtures, type TestUser } from './fixtures';

/**
 * Issue 25's matrix on content's app: every operation of the table on a space and on its collection, for five
 * callers whose access comes five ways (no grant, a grant of read, edit through a team, admin through the
 * collection, the organization's read role). Each gets exactly what its role there allows (the table's ability:
 * 2xx, else 403, or 404 with no role at all), with the error body, and a refused write leaves everything as it was.
 */
const identity = identityStandIn();
const api = componentOf('amatrix', contentService, () => identity.start());
afterAll(() => identity.close());
const fixtures = contentFixtures(api);
const orgId = fixtures.orgId;

interface Ids {
  space: string;
  collection: string;
  grantee: string;
}
interface Operation {
  name: string;
  on: 'space' | 'collection';
  ability: Ability;
  method: string;
  path(ids: Ids): string;
  body?(ids: Ids): unknown;
  ok: number;
}

const OPERATIONS: Operation[] = [
  { name: 'read the space', on: 'space', ability: 'view', method: 'GET', path: (i) => `/v1/spaces/${i.space}`, ok: 200 },
  { name: 'list its pages', on: 'space', ability: 'view', method: 'GET', path: (i) => `/v1/spaces/${i.space}/content/pages`, ok: 200 },
  { name: 'list its change requests', on: 'space', ability: 'view', method: 'GET', path: (i) => `/v1/spaces/${i.space}/change-requests`, ok: 200 },
  { name: 'search it', on: 'space', ability: 'view', method: 'GET', path: (i) => `/v1/spaces/${i.space}/search?query=matrix`, ok: 200 },
  { name: 'list who is granted it', on: 'space', ability: 'view', method: 'GET', path: (i) => `/v1/spaces/${i.space}/permissions/users`, ok: 200 },
  { name: 'list who has access', on: 'space', ability: 'view', method: 'GET', path: (i) => `/v1/spaces/${i.space}/permissions/aggregate`, ok: 200 },
  { name: 'comment on it', on: 'space', ability: 'comment', method: 'POST', path: (i) => `/v1/spaces/${i.space}/comments`, body: () => ({ body: { markdown: 'A remark' } }), ok: 200 },
  { name: 'open a change request', on: 'space', ability: 'edit', method: 'POST', path: (i) => `/v1/spaces/${i.space}/change-requests`, body: () => ({ subject: 'A change' }), ok: 201 },
  { name: 'rename it', on: 'space', ability: 'edit', method: 'PATCH', path: (i) => `/v1/spaces/${i.space}`, body: () => ({ title: `Renamed ${newId()}` }), ok: 200 },
  { name: 'grant it to someone', on: 'space', ability: 'admin', method: 'POST', path: (i) => `/v1/spaces/${i.space}/permissions`, body: (i) => ({ role: 'read', users: [i.grantee] }), ok: 204 },
  { name: 'read the collection', on: 'collection', ability: 'view', method: 'GET', path: (i) => `/v1/collections/${i.collection}`, ok: 200 },
  { name: 'list its spaces', on: 'collection', ability: 'view', method: 'GET', path: (i) => `/v1/collections/${i.collection}/spaces`, ok: 200 },
  { name: 'rename the collection', on: 'collection', ability: 'admin', method: 'PATCH', path: (i) => `/v1/collections/${i.collection}`, body: () => ({ title: `Renamed ${newId()}` }), ok: 200 },
  { name: 'grant the collection to someone', on: 'collection', ability: 'admin', method: 'POST', path: (i) => `/v1/collections/${i.collection}/permissions`, body: (i) => ({ role: 'read', users: [i.grantee] }), ok: 204 },
];

/** The callers: how each comes by their access, and their role on the space and on the collection. */
interface Case {
  label: string;
  user: TestUser;
  teams: string[];
  roles: { space?: Role; collection?: Role };
}
const cases: Case[] = [];
let ids: Ids;
const team = newId();

beforeAll(async () => {
  const owner = fixtures.owner;
  identity.members.add(owner.id);
  identity.orgRoles.set(owner.id, 'admin');
  const collection = (await fixtures.call('POST', `/v1/orgs/${orgId}/collections`, { title: 'Matrix' })).body.id;
  const space = (await fixtures.call('POST', `/v1/orgs/${orgId}/spaces`, { title: 'Matrix space', parent: collection })).body.id;
  const grantee = (await fixtures.newUser('grantee', 'read')).id;
  identity.members.add(grantee);
  ids = { space, collection, grantee };
  const guest = async (name: string) => {
    const user = await fixtures.newUser(name, 'read', newId()); // roles elsewhere only: a guest here
    identity.members.add(user.id);
    return user;
  };
  const [none, reader, teamEditor, collectionAdmin] = [await guest('no-grant'), await guest('read-grant'), await guest('team-edit'), await guest('collection-admin')];
  const orgReader = await fixtures.newUser('org-reader', 'read');
  identity.members.add(orgReader.id);
  identity.orgRoles.set(orgReader.id, 'read');
  identity.teams.set(team, { title: 'Editors', members: new Set([teamEditor.id]) });
  const grant = async (path: string, body: object) => expect((await fixtures.call('POST', path, body)).status).toBe(204);
  await grant(`/v1/spaces/${space}/permissions`, { role: 'read', users: [reader.id] });
  await grant(`/v1/spaces/${space}/permissions`, { role: 'edit', teams: [team] });
  await grant(`/v1/collections/${collection}/permissions`, { role: 'admin', users: [collectionAdmin.id] });
  cases.push(
    { label: 'a guest with no grant', user: none, teams: [], roles: {} },
    { label: 'a guest granted read', user: reader, teams: [], roles: { space: 'read' } },
    { label: 'a guest with edit through a team', user: teamEditor, teams: [team], roles: { space: 'edit' } },
    { label: 'a guest with admin through the collection', user: collectionAdmin, teams: [], roles: { space: 'admin', collection: 'admin' } },
    { label: 'an organization read member', user: orgReader, teams: [], roles: { space: 'read', collection: 'read' } },
  );
});

const expected = (role: Role | undefined, op: Operation) => (!role ? 404 : can(role, op.ability) ? op.ok : 403);
/** What a refused write must leave as it was, as the owner reads it. */
async function stateOf(): Promise<unknown> {
  const read = async (path: string) => (await fixtures.call('GET', path)).body;
  return Promise.all([
    read(`/v1/spaces/${ids.space}`),
    read(`/v1/spaces/${ids.space}/change-requests?limit=100`),
    read(`/v1/spaces/${ids.space}/permissions/users?limit=100`),
    read(`/v1/collections/${ids.collection}`),
    read(`/v1/collections/${ids.collection}/permissions/users?limit=100`),
  ]);
}

describe('the access matrix of spaces and collections', () => {
  test('When each caller tries each operation, Then each gets what its role there allows, and a refused write changes nothing', async () => {
    const seen: string[] = [];
    for (const c of cases) {
      const as: ComponentCaller = { user: c.user.id, roles: c.user.roles, teams: c.teams };
      for (const op of OPERATIONS) {
        const want = expected(c.roles[op.on], op);
        const before = want >= 400 && op.method !== 'GET' ? await stateOf() : undefined;
        const res = await api.call(op.method, op.path(ids), { as, body: op.body?.(ids) });
        seen.push(`${c.label} / ${op.name}: ${res.status}`);
        expect(`${c.label} / ${op.name}: ${res.status}`).toBe(`${c.label} / ${op.name}: ${want}`);
        if (want >= 400) expect(res.body).toMatchObject({ error: { code: want, message: expect.any(String) } });
        if (before !== undefined) expect(await stateOf()).toEqual(before);
      }
    }
    // The table reached every outcome: allowed, refused and hidden.
    expect(new Set(seen.map((line) => line.split(': ')[1]))).toEqual(new Set(['200', '201', '204', '403', '404']));
  });
});
