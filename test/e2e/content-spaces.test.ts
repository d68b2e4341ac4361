import { bootStack, type TestStack } from '../support/stack';

/** What crosses services: a space in an organization identity created one request earlier (the rest: services/content/test/http/spaces.test.ts). */
let stack: TestStack;

beforeAll(async () => {
  stack = await bootStack('spc');
});
afterAll(() => stack?.stop());

describe('spaces through the gateway', () => {
  test('When the organization was created one request earlier, Then a space can be created in it (read-your-writes)', async () => {
    const u = await stack.newUser('ryw');
    const org = await stack.newOrg(u.token);
    expect((await stack.call('POST', `/v1/orgs/${org.id}/spaces`, { token: u.token, body: { title: 'x' } })).status).toBe(201);
  });
});
