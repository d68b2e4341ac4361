import { apiClient, signAssertionForTest } from './gateway-support';
import { bootStack, type TestStack } from '../support/stack';

let stack: TestStack;
beforeAll(async () => {
  stack = await bootStack('gw', { withWorkers: false });
});
afterAll(() => stack?.stop());

describe('services behind the gateway', () => {
  test('When a service port is called directly without an assertion, Then it is 401: the gateway cannot be bypassed', async () => {
    const direct = apiClient(stack.apis.content.url);
    const res = await direct('GET', '/v1/spaces/anything');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: { code: 401, message: expect.any(String) } });
  });

  test('When the assertion is signed with another secret or forged, Then the service refuses it', async () => {
    const direct = apiClient(stack.apis.identity.url);
    for (const assertion of [signAssertionForTest('wrong-secret'), 'e30.forged', '']) {
      const res = await direct('GET', '/v1/user', { headers: { 'x-caller-assertion': assertion } });
      expect(res.status).toBe(401);
    }
  });

  test('When a client sends its own x-caller-assertion through the gateway, Then it is ignored and replaced', async () => {
    const res = await stack.call('GET', '/v1/user', { headers: { 'x-caller-assertion': signAssertionForTest(stack.secret, { staff: true }) } });
    expect(res.status).toBe(401);
  });

  test('When a request comes in, Then the request id is echoed (or minted) and reaches the service', async () => {
    const { token } = await stack.newUser('rid');
    const res = await stack.call('GET', '/v1/user', { token, headers: { 'x-request-id': 'trace-me-123' } });
    expect(res.headers.get('x-request-id')).toBe('trace-me-123');
    const minted = await stack.call('GET', '/v1/user', { token });
    expect(minted.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  test('When the identity api is down, Then its paths are a JSON 502, other services keep serving callers the gateway has cached (ADR 0021), and /health says degraded', async () => {
    const { token } = await stack.newUser('down');
    const org = await stack.newOrg(token, 'Still here');
    // Creating the organization evicted the caller's principal (read-your-writes): this request caches it again.
    expect((await stack.call('GET', `/v1/orgs/${org.id}/spaces`, { token })).status).toBe(200);
    const stranger = await stack.newUser('stranger');
    await stack.apis.identity.stop();
    // A caller the gateway has not cached cannot be authenticated without identity: 503, never a wrong 401.
    expect((await stack.call('GET', `/v1/orgs/${org.id}/spaces`, { token: stranger.token })).status).toBe(503);
    const res = await stack.call('GET', '/v1/orgs', { token });
    expect(res.status).toBe(502);
    expect(res.body).toEqual({ error: { code: 502, message: expect.any(String) } });
    const spaces = await stack.call('GET', `/v1/orgs/${org.id}/spaces`, { token });
    expect(spaces.status).toBe(200);
    const health = await stack.call('GET', '/health');
    expect(health.status).toBe(503);
    expect(health.body).toMatchObject({ status: 'degraded', services: { identity: 'unavailable', content: 'ok' } });
  });
});

describe('gateway probes', () => {
  test('When the gateway is asked /health/live and /health/ready, Then it answers for itself alone', async () => {
    for (const path of ['/health/live', '/health/ready']) {
      const res = await stack.call('GET', path);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ service: 'gateway', status: 'ok' });
    }
  });
});
