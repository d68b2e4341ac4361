import { hashApiToken } from '@dp/auth';
import { ContentEvents, createEvent } from '@dp/events';
import { componentOf } from '@dp/testing';
import { identityService } from '../../src';
import { IDENTITY_ENV, identityFixtures, type TestUser } from './fixtures';

/**
 * Teams and team members on identity's own app (issue 9; component level, docs/testing.md): every answer is
 * checked against the official operation by the client; these tests check what the operations do, who may do
 * it, and that counts stay true.
 */
const api = componentOf('teams', identityService, IDENTITY_ENV);
const fixtures = identityFixtures(api);
let admin: TestUser;
let reader: TestUser;
let editor: TestUser;
let outsider: TestUser;
let orgId: string;

beforeAll(async () => {
  [admin, reader, editor, outsider] = await Promise.all(['admin', 'reader', 'editor', 'outsider'].map((n) => fixtures.newUser(n)));
  orgId = (await fixtures.newOrg(admin.as)).id;
  await fixtures.addMember(admin.as, orgId, reader.email, 'read');
  await fixtures.addMember(admin.as, orgId, editor.email, 'edit');
  await fixtures.newOrg(outsider.as, 'Elsewhere');
});

const call = (method: string, path: string, as: TestUser['as'], body?: unknown) => api.call(method, path, { as, body });
const teams = `/v1/orgs/${'{org}'}/teams`;
const teamsPath = () => teams.replace('{org}', orgId);

async function newTeam(title: string, members: string[] = []) {
  const res = await call('PUT', teamsPath(), admin.as, { title, members });
  expect(res.status).toBe(201);
  return res.body;
}

async function memberIds(teamId: string): Promise<Record<string, string>> {
  const res = await call('GET', `${teamsPath()}/${teamId}/members?limit=1000`, admin.as);
  expect(res.status).toBe(200);
  return Object.fromEntries(res.body.items.map((m: { organization: { id: string }; team: { role: string } }) => [m.organization.id, m.team.role]));
}

describe('teams', () => {
  test('When an admin creates a team with members, Then it is 201 with Location and counts them, and the list filters by title', async () => {
    const res = await call('PUT', teamsPath(), admin.as, { title: 'Writers Guild', members: [reader.id, editor.id] });
    expect(res.status).toBe(201);
    expect(res.headers.get('location')).toMatch(new RegExp(`^http://[^/]+/v1/orgs/${orgId}/teams/${res.body.id}$`));
    expect(res.body).toMatchObject({ object: 'team', title: 'Writers Guild', members: 2, spaces: 0, permissions: { admin: true, view: true } });
    expect(await memberIds(res.body.id)).toEqual({ [reader.id]: 'member', [editor.id]: 'member' });
    await newTeam('Reviewers');

    const found = await call('GET', `${teamsPath()}?title=GUILD`, reader.as);
    expect(found.body.items.map((t: { id: string }) => t.id)).toEqual([res.body.id]);
    expect(found.body.items[0].permissions).toEqual({ admin: false, view: true });
    const page = await call('GET', `${teamsPath()}?limit=1`, reader.as);
    expect(page.body.items).toHaveLength(1);
    expect(page.body.count).toBeGreaterThanOrEqual(2);
    const next = await call('GET', `${teamsPath()}?limit=1&page=${page.body.next.page}`, reader.as);
    expect(next.body.items[0].id).not.toBe(page.body.items[0].id);

    const member = await call('GET', `/v1/orgs/${orgId}/members/${reader.id}`, admin.as);
    expect(member.body.teams).toBeGreaterThanOrEqual(1);
    const ofReader = await call('GET', `/v1/orgs/${orgId}/members/${reader.id}/teams?title=writers`, editor.as);
    expect(ofReader.status).toBe(200);
    expect(ofReader.body.items).toEqual([{ team: expect.objectContaining({ id: res.body.id, members: 2 }), member: { role: 'member' } }]);
    expect((await call('GET', `/v1/orgs/${orgId}/members/${outsider.id}/teams`, admin.as)).status).toBe(404);
  });

  test('When a team is created or renamed with a bad title or a non-member, Then it is 400 naming the field, and nothing changes', async () => {
    const team = await newTeam('Stable');
    for (const body of [{}, { title: '' }, { title: 'x'.repeat(65) }, { title: 3 }, { title: 'ok', extra: 1 }]) {
      const res = await call('PATCH', `${teamsPath()}/${team.id}`, admin.as, body);
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
    }
    const stranger = await call('PUT', teamsPath(), admin.as, { title: 'With stranger', members: [reader.id, outsider.id] });
    expect(stranger.status).toBe(400);
    expect(stranger.body.error.message).toContain(`members: ${outsider.id}`);
    const list = await call('GET', `${teamsPath()}?title=With%20stranger`, admin.as);
    expect(list.body.count).toBe(0);
    expect((await call('GET', `${teamsPath()}/${team.id}`, admin.as)).body.title).toBe('Stable');

    const renamed = await call('PATCH', `${teamsPath()}/${team.id}`, admin.as, { title: 'Renamed' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.title).toBe('Renamed');
  });

  test('When members are added by id or email, re-roled and removed in one update, Then a user in both lists is removed and an unknown user is a 400 that changes nothing', async () => {
    const team = await newTeam('Bulk', [reader.id]);
    const res = await call('PUT', `${teamsPath()}/${team.id}/members`, admin.as, {
      add: [editor.email.toUpperCase(), admin.id],
      remove: [admin.id],
      memberships: { [reader.id]: { role: 'owner' } },
    });
    expect(res.status).toBe(204);
    expect(await memberIds(team.id)).toEqual({ [reader.id]: 'owner', [editor.id]: 'member' });

    const bad = await call('PUT', `${teamsPath()}/${team.id}/members`, admin.as, { add: [admin.id, 'nobody@example.com'], remove: [reader.id] });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain('nobody@example.com');
    expect(await memberIds(team.id)).toEqual({ [reader.id]: 'owner', [editor.id]: 'member' });
    for (const body of [{ add: 'x' }, { memberships: { [reader.id]: { role: 'boss' } } }, { remove: [1] }]) {
      expect((await call('PUT', `${teamsPath()}/${team.id}/members`, admin.as, body)).status).toBe(400);
    }
  });

  test('When a team owner who is not an admin manages members, Then it works for their team only, and renaming or deleting stays with admins', async () => {
    const own = await newTeam('Owned');
    const other = await newTeam('Not owned');
    expect((await call('PUT', `${teamsPath()}/${own.id}/members/${reader.id}`, admin.as, { role: 'owner' })).status).toBe(204);

    expect((await call('GET', `${teamsPath()}/${own.id}`, reader.as)).body.permissions).toEqual({ admin: true, view: true });
    expect((await call('PUT', `${teamsPath()}/${own.id}/members/${editor.id}`, reader.as)).status).toBe(204);
    expect(await memberIds(own.id)).toEqual({ [reader.id]: 'owner', [editor.id]: 'member' });
    expect((await call('PUT', `${teamsPath()}/${other.id}/members/${editor.id}`, reader.as)).status).toBe(403);
    expect((await call('PUT', `${teamsPath()}/${own.id}/members`, editor.as, { add: [admin.id] })).status).toBe(403);
    expect((await call('PATCH', `${teamsPath()}/${own.id}`, reader.as, { title: 'Mine now' })).status).toBe(403);
    expect((await call('DELETE', `${teamsPath()}/${own.id}`, reader.as)).status).toBe(403);
    expect((await call('PUT', teamsPath(), reader.as, { title: 'Sneaky' })).status).toBe(403);

    const owned = await call('GET', `${teamsPath()}?owner=${reader.id}&limit=1000`, editor.as);
    const ownedIds = owned.body.items.map((t: { id: string }) => t.id);
    expect(ownedIds).toContain(own.id);
    expect(ownedIds).not.toContain(other.id);
    const adminOwns = await call('GET', `${teamsPath()}?owner=${admin.id}&limit=1000`, editor.as);
    expect(adminOwns.body.count).toBe((await call('GET', teamsPath(), editor.as)).body.count);

    // A member leaves a team themselves; a second removal is the official 204.
    expect((await call('DELETE', `${teamsPath()}/${own.id}/members/${editor.id}`, editor.as)).status).toBe(205);
    expect((await call('DELETE', `${teamsPath()}/${own.id}/members/${editor.id}`, reader.as)).status).toBe(204);
    expect((await call('PUT', `${teamsPath()}/${own.id}/members/${outsider.id}`, admin.as)).status).toBe(404);
  });

  test('When someone outside the organization asks, Then teams are 404; when a team is deleted, Then it is 205, then 204, then gone', async () => {
    const team = await newTeam('Ephemeral', [reader.id]);
    expect((await call('GET', `${teamsPath()}/${team.id}`, outsider.as)).status).toBe(404);
    expect((await call('GET', teamsPath(), outsider.as)).status).toBe(404);
    expect((await call('GET', `${teamsPath()}/${team.id}/members`, outsider.as)).status).toBe(404);
    expect((await call('DELETE', `${teamsPath()}/${team.id}`, admin.as)).status).toBe(205);
    expect((await call('DELETE', `${teamsPath()}/${team.id}`, admin.as)).status).toBe(204);
    expect((await call('GET', `${teamsPath()}/${team.id}`, admin.as)).status).toBe(404);
    expect((await call('PUT', `${teamsPath()}/${team.id}/members/${reader.id}`, admin.as)).status).toBe(404);
  });

  test('When many members join and leave a team at once, Then its count and theirs stay true', async () => {
    const users = await Promise.all(Array.from({ length: 8 }, (_, i) => fixtures.newUser(`crowd${i}`)));
    const res = await call('POST', `/v1/orgs/${orgId}/invites`, admin.as, { emails: users.map((u) => ({ email: u.email, role: 'read' })) });
    expect(res.status).toBe(200);
    const team = await newTeam('Crowd');
    await Promise.all([
      ...users.map((u) => call('PUT', `${teamsPath()}/${team.id}/members/${u.id}`, admin.as)),
      ...users.map((u) => call('PUT', `${teamsPath()}/${team.id}/members`, admin.as, { add: [u.email] })),
    ]).then((all) => expect(all.map((r) => r.status)).toEqual(all.map(() => 204)));
    expect((await call('GET', `${teamsPath()}/${team.id}`, admin.as)).body.members).toBe(8);

    await Promise.all(users.slice(0, 5).map((u) => call('DELETE', `${teamsPath()}/${team.id}/members/${u.id}`, admin.as)));
    expect((await call('GET', `${teamsPath()}/${team.id}`, admin.as)).body.members).toBe(3);
    expect((await call('GET', `/v1/orgs/${orgId}/members/${users[7].id}`, admin.as)).body.teams).toBe(1);
    expect((await call('GET', `/v1/orgs/${orgId}/members/${users[0].id}`, admin.as)).body.teams).toBe(0);
  });

  test('When a member leaves the organization, Then they leave its teams too, and each departure is an event', async () => {
    const leaver = await fixtures.newUser('leaver');
    await fixtures.addMember(admin.as, orgId, leaver.email, 'read');
    const [a, b] = [await newTeam('A', [leaver.id]), await newTeam('B', [leaver.id])];
    expect((await call('DELETE', `/v1/orgs/${orgId}/members/${leaver.id}`, admin.as)).status).toBe(205);
    expect((await call('GET', `${teamsPath()}/${a.id}`, admin.as)).body.members).toBe(0);
    expect(await memberIds(b.id)).toEqual({});
    const removed = (await api.outbox('identity.team-member.removed')).map((e) => e.data as { userId: string; teamId: string }).filter((d) => d.userId === leaver.id);
    expect(removed.map((d) => d.teamId).sort()).toEqual([a.id, b.id].sort());
  });

  test("When a user is in teams, Then their principal and their memberships carry the team ids (docs/adr/0097); leaving a team takes it out", async () => {
    const member = await fixtures.newUser('teamed');
    await fixtures.addMember(admin.as, orgId, member.email, 'read');
    const [support, docs] = [await newTeam('Support', [member.id]), await newTeam('Docs', [member.id])];
    const principal = async () => (await call('POST', '/internal/principals', { service: 'gateway' }, { tokenHash: hashApiToken(member.token) })).body;
    expect((await principal()).teams).toEqual([support.id, docs.id].sort());
    const memberships = await call('GET', '/internal/caller/memberships', { user: member.id });
    expect(memberships.body).toEqual({ memberships: { [orgId]: 'read' }, teams: [support.id, docs.id].sort() });
    expect((await call('PUT', `${teamsPath()}/${docs.id}/members`, admin.as, { remove: [member.id] })).status).toBe(204);
    expect((await principal()).teams).toEqual([support.id]);
  });
});

describe("a team's spaces (docs/adr/0097)", () => {
  const event = <T extends Parameters<typeof createEvent>[0]>(type: T, data: Parameters<typeof createEvent<T>>[1], subject: string) => createEvent(type, data, { source: '/content', subject });
  const spaceOf = (id: string) => ({ id, organization: orgId, title: id, emoji: null, visibility: 'private', editMode: 'live', parent: null, defaultLevel: 'inherit', revision: 'r1', createdAt: '2026-11-28T00:00:00Z', updatedAt: '2026-11-28T00:00:00Z' });
  const spacesOf = async (teamId: string) => (await call('GET', `${teamsPath()}/${teamId}`, admin.as)).body.spaces;

  test("When content grants and removes a team's roles on spaces, Then the team counts the spaces granted to it; a deleted space counts again once restored, not once purged", async () => {
    const team = await newTeam('Counted');
    expect(team.spaces).toBe(0);
    const grant = (spaceId: string, role: 'edit' | 'read' | null) => event(ContentEvents.SPACE_TEAM_PERMISSION_UPDATED, { spaceId, organizationId: orgId, teamId: team.id, role }, spaceId);
    for (const e of [grant('sp-a', 'edit'), grant('sp-b', 'read'), grant('sp-b', 'edit'), grant('sp-c', 'read')]) await api.handle(e);
    expect(await spacesOf(team.id)).toBe(3);
    // Redelivered: no second effect.
    const again = grant('sp-d', 'read');
    await api.handle(again);
    await api.handle(again);
    expect(await spacesOf(team.id)).toBe(4);
    await api.handle(grant('sp-d', null));
    expect(await spacesOf(team.id)).toBe(3);

    await api.handle(event(ContentEvents.SPACE_DELETED, { space: spaceOf('sp-a') }, 'sp-a'));
    expect(await spacesOf(team.id)).toBe(2);
    await api.handle(event(ContentEvents.SPACE_RESTORED, { space: spaceOf('sp-a') }, 'sp-a'));
    expect(await spacesOf(team.id)).toBe(3);
    await api.handle(event(ContentEvents.SPACE_DELETED, { space: spaceOf('sp-c') }, 'sp-c'));
    await api.handle(event(ContentEvents.SPACE_PURGED, { spaceId: 'sp-c', organizationId: orgId }, 'sp-c'));
    expect(await spacesOf(team.id)).toBe(2);
    const listed = (await call('GET', `${teamsPath()}?limit=100`, admin.as)).body.items.find((t: { id: string }) => t.id === team.id);
    expect(listed.spaces).toBe(2);
  });

  test('When a grant names a team identity no longer has, Then it is skipped', async () => {
    const team = await newTeam('Soon gone');
    expect((await call('DELETE', `${teamsPath()}/${team.id}`, admin.as)).status).toBe(205);
    await api.handle(event(ContentEvents.SPACE_TEAM_PERMISSION_UPDATED, { spaceId: 'sp-x', organizationId: orgId, teamId: team.id, role: 'read' }, 'sp-x'));
    expect(await api.db('team_spaces').where({ team_id: team.id }).count('* as n').first()).toEqual({ n: '0' });
  });
});
