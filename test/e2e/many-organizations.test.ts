import { bootStack, type TestStack, type TestUser } from '../support/stack';

/**
 * The caller assertion stays small (ADR 0022): a user in 5,000 organizations can call every service. The
 * memberships are written straight into identity's schema (through the API it would take minutes); the
 * assertion then names the user without the roles, and each service reads them from identity once.
 */
const ORGANIZATIONS = 5000;
let stack: TestStack;
let user: TestUser;
let orgId: string;

beforeAll(async () => {
  stack = await bootStack('many', { withWorkers: false });
  user = await stack.newUser('many');
  orgId = (await stack.newOrg(user.token, 'Home')).id;
  const identity = stack.schemaDb('identity');
  const ids = Array.from({ length: ORGANIZATIONS - 1 }, (_, i) => `bulk-${String(i).padStart(5, '0')}-${orgId}`);
  for (let i = 0; i < ids.length; i += 1000) {
    const chunk = ids.slice(i, i + 1000);
    await identity('organizations').insert(chunk.map((id) => ({ id, title: id, created_by: user.id })));
    await identity('members').insert(chunk.map((id) => ({ organization_id: id, user_id: user.id, role: 'read' })));
  }
  expect(Number((await identity('members').where({ user_id: user.id }).count({ n: '*' }))[0].n)).toBe(ORGANIZATIONS);
}, 120_000);
afterAll(() => stack?.stop());

/** Publishing an integration for an organization takes more than `read` there. */
const integration = () => ({
  organization: orgId,
  title: 'Many',
  description: 'Published by a member of many organizations',
  script: 'export default () => new Response("ok")',
  scopes: ['site:views:read'],
  visibility: 'private',
});

describe('a user in 5,000 organizations', () => {
  test('When they call one route of each of the six services, Then each answers with their role in the organization asked about', async () => {
    const calls = [
      ['identity', 'GET', `/v1/orgs/${orgId}`, undefined, 200],
      ['content', 'POST', `/v1/orgs/${orgId}/spaces`, { title: 'Handbook' }, 201],
      ['sites', 'GET', `/v1/orgs/${orgId}/sites`, undefined, 200],
      ['openapi', 'GET', `/v1/orgs/${orgId}/openapi`, undefined, 200],
      ['translations', 'GET', `/v1/orgs/${orgId}/translations`, undefined, 200],
      ['integrations', 'POST', `/v1/integrations/many-${Date.now()}`, integration(), 200],
    ] as const;
    for (const [service, method, path, body, status] of calls) {
      const res = await stack.call(method, path, { token: user.token, body });
      expect({ service, status: res.status }).toEqual({ service, status });
    }
    // a read-only membership among the bulk ones is honoured too: listing is allowed, creating is not
    const bulk = `bulk-00042-${orgId}`;
    expect((await stack.call('GET', `/v1/orgs/${bulk}/spaces`, { token: user.token })).status).toBe(200);
    expect((await stack.call('POST', `/v1/orgs/${bulk}/spaces`, { token: user.token, body: { title: 'No' } })).status).toBe(403);
  });
});
