import { newId } from '@dp/db';
import { createEvent, IdentityEvents } from '@dp/events';
import { componentOf, expectOfficialSchema, identityStandIn, type ComponentCaller } from '@dp/testing';
import { contentService } from '../../src';
import { contentFixtures, type TestUser } from './fixtures';

/**
 * Roles granted to teams on a space or a collection (issue 25, docs/adr/0097) on content's app: a team's grant
 * reaches each caller whose principal names the team, no one else, and stops on the request after they leave it;
 * a deleted team's grants and a departed member's go with them. Identity's lookups are a server this file runs.
 */
const identity = identityStandIn();
const api = componentOf('tperm', contentService, () => identity.start());
afterAll(() => identity.close());
const fixtures = contentFixtures(api);
const orgId = fixtures.orgId;
let guest: TestUser;
let reader: TestUser;
const supportTeam = newId();
const otherTeam = newId();

beforeAll(async () => {
  guest = await fixtures.newUser('guest', 'read', newId());
  reader = await fixtures.newUser('reader', 'read');
  for (const user of [fixtures.owner, guest, reader]) identity.members.add(user.id);
  identity.orgRoles.set(fixtures.owner.id, 'admin');
  identity.orgRoles.set(reader.id, 'read');
  identity.teams.set(supportTeam, { title: 'Support', members: new Set([guest.id, reader.id]) });
  identity.teams.set(otherTeam, { title: 'Other', members: new Set() });
});

/** The user as the gateway forwards them: their roles and the teams identity says they are in now. */
const asMember = (user: TestUser): ComponentCaller => ({ user: user.id, roles: user.roles, teams: identity.teamsOf(user.id) });
const as = (user: TestUser, method: string, path: string, body?: unknown) => api.call(method, path, { as: asMember(user), body });
const owner = (method: string, path: string, body?: unknown) => fixtures.call(method, path, body);
const newSpace = async (title: string, parent?: string) => (await owner('POST', `/v1/orgs/${orgId}/spaces`, { title, ...(parent ? { parent } : {}) })).body.id as string;
const newCollection = async (title: string) => (await owner('POST', `/v1/orgs/${orgId}/collections`, { title })).body.id as string;
const roleEvents = async (type: string, subject: string) => (await api.outbox(type)).filter((e) => e.subject === subject).map((e) => (e.data as { role: string | null }).role);

describe('permissions of teams on a space', () => {
  test('When a team is granted edit on a space, Then its members may edit it, a guest among them sees only it, and leaving the team ends it on the next request', async () => {
    const [shared, hidden] = [await newSpace('Support handbook'), await newSpace('Hidden')];
    expect((await as(guest, 'GET', `/v1/spaces/${shared}`)).status).toBe(404);
    expect((await owner('POST', `/v1/spaces/${shared}/permissions`, { role: 'edit', teams: [supportTeam] })).status).toBe(204);
    const got = await as(guest, 'GET', `/v1/spaces/${shared}`);
    expect(got.status).toBe(200);
    expect(got.body.permissions).toMatchObject({ view: true, edit: true, admin: false });
    expect((await as(reader, 'POST', `/v1/spaces/${shared}/change-requests`, { subject: 'Fix' })).status).toBe(201);
    expect((await as(reader, 'POST', `/v1/spaces/${hidden}/change-requests`, { subject: 'Fix' })).status).toBe(403);
    const listed = await as(guest, 'GET', `/v1/orgs/${orgId}/spaces`);
    expect(listed.body.items.map((s: { id: string }) => s.id)).toEqual([shared]);
    expect(listed.body.count).toBe(1);

    const teams = await owner('GET', `/v1/spaces/${shared}/permissions/teams`);
    expect(teams.status).toBe(200);
    expect(teams.body.items).toEqual([{ permission: 'edit', team: expect.objectContaining({ object: 'team', id: supportTeam, title: 'Support', members: 2 }) }]);
    for (const item of teams.body.items) expectOfficialSchema('OrganizationTeam', item.team);

    identity.teams.get(supportTeam)!.members.delete(guest.id);
    expect((await as(guest, 'GET', `/v1/spaces/${shared}`)).status).toBe(404);
    identity.teams.get(supportTeam)!.members.add(guest.id);
  });

  test('When a team grant is changed and removed, Then the role follows on the next request; PATCH on a team without a grant is a 404, a second DELETE a 204', async () => {
    const space = await newSpace('Changing');
    await owner('POST', `/v1/spaces/${space}/permissions`, { role: 'edit', teams: [supportTeam] });
    expect((await owner('PATCH', `/v1/spaces/${space}/permissions/teams/${supportTeam}`, { role: 'read' })).status).toBe(204);
    expect((await as(reader, 'POST', `/v1/spaces/${space}/change-requests`, { subject: 'Fix' })).status).toBe(403);
    expect((await as(guest, 'GET', `/v1/spaces/${space}`)).body.permissions.edit).toBe(false);
    expect((await owner('DELETE', `/v1/spaces/${space}/permissions/teams/${supportTeam}`)).status).toBe(205);
    expect((await owner('DELETE', `/v1/spaces/${space}/permissions/teams/${supportTeam}`)).status).toBe(204);
    expect((await owner('PATCH', `/v1/spaces/${space}/permissions/teams/${supportTeam}`, { role: 'edit' })).status).toBe(404);
    expect((await as(guest, 'GET', `/v1/spaces/${space}`)).status).toBe(404);
    expect(await roleEvents('content.space-team-permission.updated', space)).toEqual(['edit', 'read', null]);
  });

  test('When the team is not the organization s, or a member of the team who is not the space s admin grants, Then it is a 404 or a 403 and nothing is granted', async () => {
    const space = await newSpace('Guarded');
    const foreign = await owner('POST', `/v1/spaces/${space}/permissions`, { role: 'read', teams: [supportTeam, 'not-a-team'] });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.message).toBe("Team not-a-team in the space's organization not found");
    expect((await as(reader, 'POST', `/v1/spaces/${space}/permissions`, { role: 'admin', teams: [supportTeam] })).status).toBe(403);
    expect((await owner('GET', `/v1/spaces/${space}/permissions/teams`)).body).toEqual({ items: [], count: 0 });
  });
});

describe('permissions of teams on a collection', () => {
  test('When a team is granted read on a collection, Then its spaces are visible to the team s guests, and the member s spaces list says so', async () => {
    const collection = await newCollection('Help center');
    const [inside, outside] = [await newSpace('Inside', collection), await newSpace('Outside')];
    expect((await owner('POST', `/v1/collections/${collection}/permissions`, { role: 'read', teams: [supportTeam] })).status).toBe(204);
    expect((await as(guest, 'GET', `/v1/collections/${collection}`)).status).toBe(200);
    expect((await as(guest, 'GET', `/v1/spaces/${inside}`)).body.permissions).toMatchObject({ view: true, edit: false });
    expect((await as(guest, 'GET', `/v1/spaces/${outside}`)).status).toBe(404);
    const spaces = await owner('GET', `/v1/orgs/${orgId}/members/${guest.id}/spaces?limit=100`);
    expect(spaces.status).toBe(200);
    expect(spaces.body.items.map((i: { permission: string; space: { id: string } }) => [i.space.id, i.permission])).toContainEqual([inside, 'read']);
    expect(spaces.body.items.map((i: { space: { id: string } }) => i.space.id)).not.toContain(outside);
    const teams = await owner('GET', `/v1/collections/${collection}/permissions/teams`);
    expect(teams.body.items.map((i: { team: { id: string } }) => i.team.id)).toEqual([supportTeam]);
  });
});

describe('who has access (the aggregate views)', () => {
  test('When a space inherits a team grant from its collection and holds a user grant, Then its aggregate lists each member once with their highest role, and `role` filters', async () => {
    const collection = await newCollection('Aggregated');
    const space = await newSpace('Aggregated space', collection);
    await owner('POST', `/v1/collections/${collection}/permissions`, { role: 'review', teams: [supportTeam] });
    await owner('POST', `/v1/spaces/${space}/permissions`, { role: 'edit', users: [guest.id] });
    const all = await owner('GET', `/v1/spaces/${space}/permissions/aggregate`);
    expect(all.status).toBe(200);
    const roles = Object.fromEntries(all.body.items.map((i: { permission: string; user: { id: string } }) => [i.user.id, i.permission]));
    // The guest's own edit is below their team's review; the reader's read is raised by the team; the owner is admin.
    expect(roles).toEqual({ [fixtures.owner.id]: 'admin', [reader.id]: 'review', [guest.id]: 'review' });
    for (const item of all.body.items) expectOfficialSchema('UserContentPermission', item);
    const reviewers = await owner('GET', `/v1/spaces/${space}/permissions/aggregate?role=review`);
    expect(reviewers.body.items.map((i: { user: { id: string } }) => i.user.id).sort()).toEqual([reader.id, guest.id].sort());
    const onCollection = await owner('GET', `/v1/collections/${collection}/permissions/aggregate?role=admin`);
    expect(onCollection.body.items.map((i: { user: { id: string } }) => i.user.id)).toEqual([fixtures.owner.id]);
    // A guest with no grant there may not ask.
    expect((await as(guest, 'GET', `/v1/collections/${await newCollection('Elsewhere')}/permissions/aggregate`)).status).toBe(404);
  });
});

describe('grants that outlive their holder', () => {
  test("When identity deletes a team, Then its grants go with it, each announced; when a guest leaves the organization, Then theirs do", async () => {
    const space = await newSpace('Outlived');
    await owner('POST', `/v1/spaces/${space}/permissions`, { role: 'edit', teams: [otherTeam], users: [guest.id] });
    await api.handle(createEvent(IdentityEvents.TEAM_DELETED, { organizationId: orgId, teamId: otherTeam }, { source: 'identity', subject: otherTeam }));
    expect((await owner('GET', `/v1/spaces/${space}/permissions/teams`)).body.items).toEqual([]);
    expect(await roleEvents('content.space-team-permission.updated', space)).toEqual(['edit', null]);

    expect((await as(guest, 'GET', `/v1/spaces/${space}`)).status).toBe(200);
    await api.handle(createEvent(IdentityEvents.MEMBER_REMOVED, { organizationId: orgId, userId: guest.id }, { source: 'identity', subject: guest.id }));
    expect((await owner('GET', `/v1/spaces/${space}/permissions/users`)).body.items).toEqual([]);
    expect(await roleEvents('content.space-permission.updated', space)).toEqual(['edit', null]);
    // Their team's grant elsewhere is the team's, not theirs: identity takes them out of the team as they leave.
  });
});
