import { bootStack, type TestStack, type TestUser } from '../support/stack';

/**
 * Content's internal withdrawal (docs/adr/0039) is for the sites service only: the gateway does not route it, so a
 * user's token cannot reach it. Who content itself lets withdraw what: services/content/test/http/space-withdrawal.test.ts.
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

test('When a user calls the internal withdrawal through the gateway, Then it is 404 and the space stays', async () => {
  const spaceId = (await stack.call('POST', `/v1/orgs/${orgId}/spaces`, { token: owner.token, body: { title: 'Fresh' } })).body.id as string;
  expect((await stack.call('POST', `/internal/spaces/${spaceId}/withdraw`, { token: owner.token, body: { createdBy: owner.id } })).status).toBe(404);
  expect((await stack.call('GET', `/v1/spaces/${spaceId}`, { token: owner.token })).body.deletedAt).toBeUndefined();
});
