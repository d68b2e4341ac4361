import { ASSERTION_HEADER, signAssertion, type Role } from '@dp/auth';
import { apiClient } from '@dp/testing';
import { bootStack, type TestStack, type TestUser } from '../support/stack';

/**
 * Identity's internal lookups, called on the identity api itself with the end user's assertion, as content
 * (a page of commenters' memberships in one call) and integrations (an organization by its subdomain) call them.
 */
let stack: TestStack;
let owner: TestUser;
let member: TestUser;
let stranger: TestUser;
let orgId: string;

beforeAll(async () => {
  stack = await bootStack('iil');
  [owner, member, stranger] = await Promise.all([stack.newUser('iil-owner'), stack.newUser('iil-member'), stack.newUser('iil-stranger')]);
  orgId = (await stack.newOrg(owner.token)).id;
  await stack.addMember(owner.token, orgId, member.email, 'read');
});
afterAll(() => stack?.stop());

const as = (user: TestUser, memberships: Record<string, Role>) => ({ [ASSERTION_HEADER]: signAssertion({ userId: user.id, staff: false, memberships }, stack.secret) });
const identity = () => apiClient(stack.apis.identity.url);

test('When content asks for the members among a page of users, Then one call answers the members and leaves the others out', async () => {
  const res = await identity()('POST', `/internal/orgs/${orgId}/members/batch`, {
    headers: as(member, { [orgId]: 'read' }),
    body: { userIds: [owner.id, member.id, stranger.id, 'no-such-user'] },
  });
  expect(res.status).toBe(200);
  expect(res.body.items.map((m: { id: string; role: string }) => [m.id, m.role]).sort()).toEqual([[owner.id, 'admin'], [member.id, 'read']].sort());
  expect(res.body.items[0]).toMatchObject({ object: 'member', user: { object: 'user' } });

  const outsider = await identity()('POST', `/internal/orgs/${orgId}/members/batch`, { headers: as(stranger, {}), body: { userIds: [owner.id] } });
  expect(outsider.status).toBe(404);
  const tooMany = await identity()('POST', `/internal/orgs/${orgId}/members/batch`, { headers: as(owner, { [orgId]: 'admin' }), body: { userIds: Array.from({ length: 1001 }, (_, i) => `u${i}`) } });
  expect(tooMany.status).toBe(400);
});

test('When integrations asks for an organization by its subdomain, Then identity answers that one organization to its members only', async () => {
  const hostname = `iil${Date.now().toString(36)}`;
  expect((await stack.call('PATCH', `/v1/orgs/${orgId}`, { token: owner.token, body: { hostname } })).status).toBe(200);

  const found = await identity()('GET', `/internal/orgs/by-hostname/${hostname}`, { headers: as(member, { [orgId]: 'read' }) });
  expect(found.status).toBe(200);
  expect(found.body).toMatchObject({ object: 'organization', id: orgId, hostname });

  expect((await identity()('GET', `/internal/orgs/by-hostname/${hostname}`, { headers: as(stranger, {}) })).status).toBe(404);
  expect((await identity()('GET', `/internal/orgs/by-hostname/${hostname}x`, { headers: as(member, { [orgId]: 'read' }) })).status).toBe(404);
});
