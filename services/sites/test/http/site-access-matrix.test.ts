import { can, type Ability, type Role } from '@dp/auth';
import { newId } from '@dp/db';
import { componentOf, identityStandIn, type ComponentCaller } from '@dp/testing';
import { SITE_READ, SITE_WRITE } from '../../src/domain/site-rules';
import { sitesService } from '../../src';

/**
 * Issue 25's matrix on the sites app: every operation of the table on a site, for callers whose access comes
 * each way (no grant, a grant of read, edit through a team, admin by grant, the organization's read role). Each
 * gets exactly what its role on the site allows (2xx, else 403, or 404 with no role), with the error body, and a
 * refused write leaves the site and its grants as they were.
 */
const identity = identityStandIn();
const api = componentOf('smatrix', sitesService, () => identity.start());
afterAll(() => identity.close());

const orgId = newId();
const ownerId = newId();
const owner: ComponentCaller = { user: ownerId, roles: { [orgId]: 'admin' } };
const team = newId();
let siteId: string;
let grantee: string;
const site = () => `/v1/orgs/${orgId}/sites/${siteId}`;

interface Operation {
  name: string;
  ability: Ability;
  method: string;
  path(): string;
  body?(): unknown;
  ok: number;
}
const OPERATIONS: Operation[] = [
  { name: 'read the site', ability: SITE_READ, method: 'GET', path: site, ok: 200 },
  { name: 'list its site spaces', ability: SITE_READ, method: 'GET', path: () => `${site()}/site-spaces`, ok: 200 },
  { name: 'list its sections', ability: SITE_READ, method: 'GET', path: () => `${site()}/sections`, ok: 200 },
  { name: 'list its share links', ability: SITE_READ, method: 'GET', path: () => `${site()}/share-links`, ok: 200 },
  { name: 'list who is granted it', ability: 'view', method: 'GET', path: () => `${site()}/permissions/users`, ok: 200 },
  { name: 'list who has access', ability: 'view', method: 'GET', path: () => `${site()}/permissions/aggregate`, ok: 200 },
  { name: 'rename it', ability: SITE_WRITE, method: 'PATCH', path: site, body: () => ({ title: `Renamed ${newId()}` }), ok: 200 },
  { name: 'publish it', ability: SITE_WRITE, method: 'POST', path: () => `${site()}/publish`, ok: 200 },
  { name: 'grant it to someone', ability: 'admin', method: 'POST', path: () => `${site()}/permissions`, body: () => ({ role: 'read', users: [grantee] }), ok: 204 },
];

interface Case {
  label: string;
  as: ComponentCaller;
  role?: Role;
}
const cases: Case[] = [];

beforeAll(async () => {
  identity.members.add(ownerId);
  identity.orgRoles.set(ownerId, 'admin');
  siteId = (await api.call('POST', `/v1/orgs/${orgId}/sites`, { as: owner, body: { title: 'Matrix site' } })).body.id;
  grantee = newId();
  identity.members.add(grantee);
  const [none, reader, teamEditor, admin, orgReader] = [newId(), newId(), newId(), newId(), newId()];
  for (const id of [none, reader, teamEditor, admin, orgReader]) identity.members.add(id);
  identity.orgRoles.set(orgReader, 'read');
  identity.teams.set(team, { title: 'Editors', members: new Set([teamEditor]) });
  const grant = async (body: object) => expect((await api.call('POST', `${site()}/permissions`, { as: owner, body })).status).toBe(204);
  await grant({ role: 'read', users: [reader] });
  await grant({ role: 'edit', teams: [team] });
  await grant({ role: 'admin', users: [admin] });
  const guest = (id: string, teams: string[] = []): ComponentCaller => ({ user: id, roles: { [newId()]: 'admin' }, teams });
  cases.push(
    { label: 'a guest with no grant', as: guest(none) },
    { label: 'a guest granted read', as: guest(reader), role: 'read' },
    { label: 'a guest with edit through a team', as: guest(teamEditor, [team]), role: 'edit' },
    { label: 'a guest granted admin', as: guest(admin), role: 'admin' },
    { label: 'an organization read member', as: { user: orgReader, roles: { [orgId]: 'read' } }, role: 'read' },
  );
});

const expected = (role: Role | undefined, op: Operation) => (!role ? 404 : can(role, op.ability) ? op.ok : 403);
const stateOf = async () => Promise.all([site(), `${site()}/permissions/users?limit=100`].map(async (path) => (await api.call('GET', path, { as: owner })).body));

describe('the access matrix of sites', () => {
  test('When each caller tries each operation, Then each gets what its role on the site allows, and a refused write changes nothing', async () => {
    const seen = new Set<number>();
    for (const c of cases) {
      for (const op of OPERATIONS) {
        const want = expected(c.role, op);
        const before = want >= 400 && op.method !== 'GET' ? await stateOf() : undefined;
        const res = await api.call(op.method, op.path(), { as: c.as, body: op.body?.() });
        seen.add(res.status);
        expect(`${c.label} / ${op.name}: ${res.status}`).toBe(`${c.label} / ${op.name}: ${want}`);
        if (want >= 400) expect(res.body).toMatchObject({ error: { code: want, message: expect.any(String) } });
        if (before !== undefined) expect(await stateOf()).toEqual(before);
      }
    }
    expect(seen).toEqual(new Set([200, 204, 403, 404]));
  });
});
