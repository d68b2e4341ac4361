import type { Role } from '@dp/auth';
import { componentOf } from '@dp/testing';
import { identityService } from '../../src';
import { IDENTITY_ENV, identityFixtures, type TestUser } from './fixtures';

/**
 * Identity's internal lookups on the identity api: the directory that granting contexts ask with their own
 * service assertion (members, teams, a member's teams, who has access to an object; docs/adr/0099), and the
 * organization by its subdomain that integrations ask with the end user's assertion.
 */
const api = componentOf('iil', identityService, IDENTITY_ENV);
const fixtures = identityFixtures(api);
let owner: TestUser;
let member: TestUser;
let stranger: TestUser;
let orgId: string;

beforeAll(async () => {
  [owner, member, stranger] = await Promise.all([fixtures.newUser('iil-owner'), fixtures.newUser('iil-member'), fixtures.newUser('iil-stranger')]);
  orgId = (await fixtures.newOrg(owner.as)).id;
  await fixtures.addMember(owner.as, orgId, member.email, 'read');
});

/** The assertion another service forwards: the user's roles travel in it. */
const as = (user: TestUser, roles: Record<string, Role>) => ({ user: user.id, roles });

const content = { service: 'content' } as const;

test('When content asks for the members among a page of users, Then one call answers the members and leaves the others out; only a granting context may ask', async () => {
  const res = await api.call('POST', `/internal/orgs/${orgId}/members/batch`, {
    as: content,
    body: { userIds: [owner.id, member.id, stranger.id, 'no-such-user'] },
  });
  expect(res.status).toBe(200);
  expect(res.body.items.map((m: { id: string; role: string }) => [m.id, m.role]).sort()).toEqual([[owner.id, 'admin'], [member.id, 'read']].sort());
  expect(res.body.items[0]).toMatchObject({ object: 'member', user: { object: 'user' } });

  // A user, even an admin, or another service: 403.
  for (const caller of [as(owner, { [orgId]: 'admin' }), { service: 'translations' }]) {
    expect((await api.call('POST', `/internal/orgs/${orgId}/members/batch`, { as: caller, body: { userIds: [owner.id] } })).status).toBe(403);
  }
  const tooMany = await api.call('POST', `/internal/orgs/${orgId}/members/batch`, { as: content, body: { userIds: Array.from({ length: 1001 }, (_, i) => `u${i}`) } });
  expect(tooMany.status).toBe(400);
});

test('When a granting context asks who has access to an object with its grants, Then each live member comes once with their highest role and why; `role` filters and pages follow', async () => {
  const [guest, teamed] = [await fixtures.newUser('iil-guest'), await fixtures.newUser('iil-teamed')];
  await fixtures.addMember(owner.as, orgId, teamed.email, 'comment');
  // A guest: a member without an organization role (as an invite link with no role makes them; test/http/link-invites).
  await fixtures.addMember(owner.as, orgId, guest.email, 'read');
  await api.db('members').where({ organization_id: orgId, user_id: guest.id }).update({ role: null });
  const team = (await api.call('PUT', `/v1/orgs/${orgId}/teams`, { as: owner.as, body: { title: 'Reviewers', members: [teamed.id, member.id] } })).body.id;
  const access = (body: object) => api.call('POST', `/internal/orgs/${orgId}/access`, { as: { service: 'sites' }, body });
  const grants = { users: { [guest.id]: 'edit', [member.id]: 'review', [stranger.id]: 'admin' }, teams: { [team]: 'review' } };
  const all = await access(grants);
  expect(all.status).toBe(200);
  const byUser = Object.fromEntries(all.body.items.map((i: { user: { id: string }; permission: string; origin: object }) => [i.user.id, [i.permission, i.origin]]));
  expect(byUser).toEqual({
    [owner.id]: ['admin', { type: 'organization' }],
    [member.id]: ['review', { type: 'grant', reason: 'member' }],
    [guest.id]: ['edit', { type: 'grant', reason: 'member' }],
    [teamed.id]: ['review', { type: 'grant', reason: 'team', team }],
  });
  // The stranger's grant reaches no one: they are not in the organization.
  expect(all.body.count).toBe(4);
  const reviewers = await access({ ...grants, role: 'review', limit: 1 });
  expect(reviewers.body.count).toBe(2);
  const next = await access({ ...grants, role: 'review', limit: 1, page: reviewers.body.next.page });
  expect([...reviewers.body.items, ...next.body.items].map((i: { user: { id: string } }) => i.user.id).sort()).toEqual([member.id, teamed.id].sort());
  expect((await access({ users: {}, teams: {} })).body.items.map((i: { user: { id: string } }) => i.user.id).sort()).toEqual([owner.id, member.id, teamed.id].sort());
  expect((await api.call('POST', `/internal/orgs/${orgId}/access`, { as: as(owner, { [orgId]: 'admin' }), body: grants })).status).toBe(403);
  expect((await access({ users: { [member.id]: 'owner' }, teams: {} })).status).toBe(400);
});

test('When the object has a default level that does not inherit, Then members have what it gives (admins theirs), and under no access only its creator keeps their role (docs/adr/0101)', async () => {
  const [creator, reader] = [await fixtures.newUser('iil-creator'), await fixtures.newUser('iil-reader')];
  const dl = (await fixtures.newOrg(owner.as, 'Default levels')).id;
  await fixtures.addMember(owner.as, dl, creator.email, 'create');
  await fixtures.addMember(owner.as, dl, reader.email, 'read');
  const access = async (body: object) => {
    const res = await api.call('POST', `/internal/orgs/${dl}/access`, { as: content, body });
    expect(res.status).toBe(200);
    return Object.fromEntries(res.body.items.map((i: { user: { id: string }; permission: string; origin: { type: string } }) => [i.user.id, `${i.permission} ${i.origin.type}`]));
  };
  expect(await access({ users: {}, teams: {}, cut: { level: 'comment', createdBy: creator.id } })).toEqual({
    [owner.id]: 'admin organization',
    [creator.id]: 'comment organization',
    [reader.id]: 'comment organization',
  });
  expect(await access({ users: { [reader.id]: 'read' }, teams: {}, cut: { level: null, createdBy: creator.id } })).toEqual({
    [owner.id]: 'admin organization',
    [creator.id]: 'create organization',
    [reader.id]: 'read grant',
  });
  const bad = await api.call('POST', `/internal/orgs/${dl}/access`, { as: content, body: { users: {}, teams: {}, cut: { level: 'inherit', createdBy: creator.id } } });
  expect(bad.status).toBe(400);
});

test('When integrations asks for an organization by its subdomain, Then identity answers that one organization to its members only', async () => {
  const hostname = `iil${Date.now().toString(36)}`;
  expect((await api.call('PATCH', `/v1/orgs/${orgId}`, { as: owner.as, body: { hostname } })).status).toBe(200);

  const found = await api.call('GET', `/internal/orgs/by-hostname/${hostname}`, { as: as(member, { [orgId]: 'read' }) });
  expect(found.status).toBe(200);
  expect(found.body).toMatchObject({ object: 'organization', id: orgId, hostname });

  expect((await api.call('GET', `/internal/orgs/by-hostname/${hostname}`, { as: as(stranger, {}) })).status).toBe(404);
  expect((await api.call('GET', `/internal/orgs/by-hostname/${hostname}x`, { as: as(member, { [orgId]: 'read' }) })).status).toBe(404);
});

test('When a granting context invites users who are not members, Then they become guests with an event; an id that is no user adds nobody; SSO enforcement refuses', async () => {
  const [first, second] = [await fixtures.newUser('iil-invited-1'), await fixtures.newUser('iil-invited-2')];
  const guests = (organizationId: string, userIds: string[]) => api.call('POST', `/internal/orgs/${organizationId}/guests`, { as: content, body: { userIds } });
  const nobody = 'no-such-user';
  expect((await guests(orgId, [first.id, nobody])).body).toEqual({ added: [], unknown: [nobody] });
  expect((await api.call('GET', `/v1/orgs/${orgId}/members/${first.id}`, { as: owner.as })).status).toBe(404);
  expect((await guests(orgId, [first.id, member.id])).body).toEqual({ added: [first.id], unknown: [] });
  expect((await api.call('GET', `/v1/orgs/${orgId}/members/${first.id}`, { as: owner.as })).body).toMatchObject({ role: null });
  expect((await api.call('GET', `/v1/orgs/${orgId}/members/${member.id}`, { as: owner.as })).body).toMatchObject({ role: 'read' });
  const added = (await api.outbox('identity.member.added')).filter((e) => (e.data as { userId: string }).userId === first.id);
  expect(added.map((e) => e.data)).toEqual([{ organizationId: orgId, userId: first.id, role: null }]);

  const enforced = (await fixtures.newOrg(owner.as, 'Enforced')).id;
  expect((await api.call('PATCH', `/v1/orgs/${enforced}`, { as: owner.as, body: { sso: true } })).status).toBe(200);
  const refused = await guests(enforced, [second.id]);
  expect(refused.status).toBe(403);
  expect(refused.body.error.message).toContain('SSO');
  expect((await api.call('GET', `/v1/orgs/${enforced}/members/${second.id}`, { as: owner.as })).status).toBe(404);
});
