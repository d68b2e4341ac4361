import { sharedStack } from '../support/shared-stack';
import type { StackClient, TestUser } from '../support/stack-client';

/**
 * What of spaces crosses services: a space in an organization identity created one request earlier, and content's
 * internal withdrawal (docs/adr/0039), which the gateway does not route, so a user's token cannot reach it. The
 * rest: services/content/test/http/spaces.test.ts and space-withdrawal.test.ts.
 */
let stack: StackClient;
let owner: TestUser;
let orgId: string;

beforeAll(async () => {
  stack = await sharedStack();
  owner = await stack.newUser('owner');
  orgId = (await stack.newOrg(owner.token)).id;
});

describe('spaces through the gateway', () => {
  test('When the organization was created one request earlier, Then a space can be created in it (read-your-writes)', async () => {
    const u = await stack.newUser('ryw');
    const org = await stack.newOrg(u.token);
    expect((await stack.call('POST', `/v1/orgs/${org.id}/spaces`, { token: u.token, body: { title: 'x' } })).status).toBe(201);
  });

  test('When a user calls the internal withdrawal through the gateway, Then it is 404 and the space stays', async () => {
    const spaceId = (await stack.call('POST', `/v1/orgs/${orgId}/spaces`, { token: owner.token, body: { title: 'Fresh' } })).body.id as string;
    expect((await stack.call('POST', `/internal/spaces/${spaceId}/withdraw`, { token: owner.token, body: { createdBy: owner.id } })).status).toBe(404);
    expect((await stack.call('GET', `/v1/spaces/${spaceId}`, { token: owner.token })).body.deletedAt).toBeUndefined();
  });
});
