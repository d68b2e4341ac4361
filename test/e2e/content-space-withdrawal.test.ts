import { ASSERTION_HEADER, signAssertion, signServiceAssertion } from '@dp/auth';
import { apiClient } from '@dp/testing';
import { bootStack, type TestStack, type TestUser } from '../support/stack';

/**
 * Content's internal withdrawal (docs/adr/0039): the sites service, as itself, takes back a space it has just
 * created for a member; no user, and no other service, can use it, and only that member's fresh space goes.
 */
let stack: TestStack;
let owner: TestUser;
let orgId: string;

beforeAll(async () => {
  stack = await bootStack('cwd');
  owner = await stack.newUser('cwd-owner');
  orgId = (await stack.newOrg(owner.token)).id;
});
afterAll(() => stack?.stop());

const content = () => apiClient(stack.apis.content.url);
const withdraw = (spaceId: string, createdBy: string, assertion: string) =>
  content()('POST', `/internal/spaces/${spaceId}/withdraw`, { headers: { [ASSERTION_HEADER]: assertion }, body: { createdBy } });
const newSpace = async () => (await stack.call('POST', `/v1/orgs/${orgId}/spaces`, { token: owner.token, body: { title: 'Fresh' } })).body.id as string;

test('When sites withdraws a space its member just created, Then it is deleted (205), then there is nothing to withdraw (204)', async () => {
  const spaceId = await newSpace();
  const sites = signServiceAssertion('sites', stack.secret);
  expect((await withdraw(spaceId, owner.id, sites)).status).toBe(205);
  expect((await stack.call('GET', `/v1/spaces/${spaceId}`, { token: owner.token })).body.deletedAt).toEqual(expect.any(String));
  expect((await withdraw(spaceId, owner.id, sites)).status).toBe(204);
});

test('When the space is someone else\'s, or the caller is a user or another service, Then nothing is withdrawn', async () => {
  const spaceId = await newSpace();
  expect((await withdraw(spaceId, 'someone-else', signServiceAssertion('sites', stack.secret))).status).toBe(409);
  expect((await withdraw(spaceId, owner.id, signServiceAssertion('integrations', stack.secret))).status).toBe(403);
  const asOwner = signAssertion({ userId: owner.id, staff: false, memberships: { [orgId]: 'admin' } }, stack.secret);
  expect((await withdraw(spaceId, owner.id, asOwner)).status).toBe(403);
  expect((await stack.call('POST', `/internal/spaces/${spaceId}/withdraw`, { token: owner.token, body: { createdBy: owner.id } })).status).toBe(404);
  expect((await stack.call('GET', `/v1/spaces/${spaceId}`, { token: owner.token })).body.deletedAt).toBeUndefined();
});
