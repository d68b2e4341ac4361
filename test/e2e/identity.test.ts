import { sharedStack } from '../support/shared-stack';
import type { StackClient } from '../support/stack-client';

let stack: StackClient;
beforeAll(async () => {
  stack = await sharedStack();
});

/**
 * What the gateway does for identity's callers: a token turned into a caller (or a 401), a JSON 404 for an unknown
 * path, the aggregated health. Identity's own behaviour is tested on its app: services/identity/test/http.
 */
describe('identity through the gateway', () => {
  test.each([
    ['no token', {}],
    ['a malformed header', { headers: { authorization: 'Token abc' } }],
    ['a wrong token', { token: 'dp_wrong' }],
    ['an over-long token', { token: 'x'.repeat(600) }],
  ])('When the request has %s, Then it is a GitBook-shaped 401', async (_label, opts) => {
    const res = await stack.call('GET', '/v1/user', opts as object);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: { code: 401, message: expect.any(String) } });
  });

  test('When a path is unknown, Then the gateway answers a JSON 404', async () => {
    const res = await stack.call('GET', '/v1/nothing-here', { token: stack.adminToken });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe(404);
  });

  test('When /health is asked, Then every service reports ready', async () => {
    const res = await stack.call('GET', '/health');
    expect(res.status).toBe(200);
    expect(res.body.services).toMatchObject({ identity: 'ok', content: 'ok' });
  });
});
