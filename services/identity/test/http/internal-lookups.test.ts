import type { Role } from '@dp/auth';
import { componentOf } from '@dp/testing';
import { identityService } from '../../src';
import { IDENTITY_ENV, identityFixtures, type TestUser } from './fixtures';

/**
 * Identity's internal lookups, called on the identity api with the end user's assertion, as content (a page of
 * commenters' memberships in one call) and integrations (an organization by its subdomain) call them.
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

test('When content asks for the members among a page of users, Then one call answers the members and leaves the others out', async () => {
  const res = await api.call('POST', `/internal/orgs/${orgId}/members/batch`, {
    as: as(member, { [orgId]: 'read' }),
    body: { userIds: [owner.id, member.id, stranger.id, 'no-such-user'] },
  });
  expect(res.status).toBe(200);
  expect(res.body.items.map((m: { id: string; role: string }) => [m.id, m.role]).sort()).toEqual([[owner.id, 'admin'], [member.id, 'read']].sort());
  expect(res.body.items[0]).toMatchObject({ object: 'member', user: { object: 'user' } });

  const outsider = await api.call('POST', `/internal/orgs/${orgId}/members/batch`, { as: as(stranger, {}), body: { userIds: [owner.id] } });
  expect(outsider.status).toBe(404);
  const tooMany = await api.call('POST', `/internal/orgs/${orgId}/members/batch`, { as: as(owner, { [orgId]: 'admin' }), body: { userIds: Array.from({ length: 1001 }, (_, i) => `u${i}`) } });
  expect(tooMany.status).toBe(400);
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
