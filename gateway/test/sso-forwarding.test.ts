import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ASSERTION_HEADER, signAssertion, verifyAssertion } from '@dp/auth';
import { loadConfig } from '@dp/config';
import { closeServer, listen } from '@dp/listen';
import { createLogger } from '@dp/log';
import { createGatewayApp } from '../src/app';
import { gatewayConfig } from '../src/config';
import { PrincipalCache } from '../src/principal-cache';
import { publicServiceFor } from '../src/routes';

/**
 * The public SAML sign-in paths through the gateway, against a fake identity that echoes what it receives:
 * exactly these paths pass without a token, as the gateway's own service assertion, with whatever the client
 * claimed dropped, under the rate limit; nothing else becomes public.
 */
const SECRET = 'gateway-sso-test-secret';
const seen: Array<{ method: string; url: string; headers: http.IncomingHttpHeaders; body: string }> = [];
const servers: http.Server[] = [];
let gatewayUrl: string;

beforeAll(async () => {
  const identity = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body: Buffer.concat(chunks).toString() });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((r) => identity.listen(0, '127.0.0.1', () => r()));
  const config = loadConfig(gatewayConfig, {
    INTERNAL_AUTH_SECRET: SECRET,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: '5',
    IDENTITY_URL: `http://127.0.0.1:${(identity.address() as AddressInfo).port}`,
    CONTENT_URL: '',
    SITES_URL: '',
    OPENAPI_URL: '',
    INTEGRATIONS_URL: '',
    TRANSLATIONS_URL: '',
  });
  // No token is known: a /v1 call without one must stay a 401.
  const principals = new PrincipalCache({ fetch: async () => undefined, secret: SECRET, ttlMs: 60_000 });
  const gateway = await listen(createGatewayApp({ config, log: createLogger('gateway-sso-test', 'silent'), principals }), 0, '127.0.0.1');
  servers.push(identity, gateway);
  gatewayUrl = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await Promise.all(servers.map((s) => closeServer(s)));
});

describe('public SAML routes in the routing table', () => {
  test.each([
    ['GET', '/sso/saml/p1/start', 'identity'],
    ['GET', '/sso/saml/p_1-x/metadata', 'identity'],
    ['POST', '/sso/saml/p1/acs', 'identity'],
    ['POST', '/sso/saml/p1/start', undefined],
    ['GET', '/sso/saml/p1/acs', undefined],
    ['GET', '/sso/saml/p1/start/more', undefined],
    ['GET', '/sso/saml/a%2Fb/start', undefined],
    ['GET', '/sso/saml//start', undefined],
    ['GET', '/v1/orgs/o1/saml', undefined],
  ])('When %s %s, Then it is public for %p', (method, path, service) => {
    expect(publicServiceFor(method, path)).toBe(service);
  });
});

describe('public SAML routes through the gateway', () => {
  // Each test spends part of the 5-a-minute budget of this client address; the last test spends the rest.
  test('When a browser POSTs to the ACS with a token and a forged assertion, Then identity gets the form, the gateway assertion and neither of those', async () => {
    const forged = signAssertion({ userId: 'someone', staff: true, memberships: {} }, 'not-the-secret');
    const res = await fetch(`${gatewayUrl}/sso/saml/p1/acs`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: 'Bearer dp_whatever', [ASSERTION_HEADER]: forged, cookie: 'a=1' },
      body: 'SAMLResponse=PHNhbWw%2B&RelayState=r1',
    });
    expect(res.status).toBe(200);
    const request = seen.at(-1)!;
    expect(request).toMatchObject({ method: 'POST', url: '/sso/saml/p1/acs', body: 'SAMLResponse=PHNhbWw%2B&RelayState=r1' });
    expect(request.headers.authorization).toBeUndefined();
    expect(request.headers.cookie).toBeUndefined();
    const claims = verifyAssertion(String(request.headers[ASSERTION_HEADER]), SECRET);
    expect(claims).toMatchObject({ service: 'gateway', staff: false, memberships: {} });
    expect(claims?.userId).toBeUndefined();
  });

  test('When a path outside the public list is asked without a token, Then it is a 404 (under /sso) or a 401 (under /v1), and identity sees nothing', async () => {
    const before = seen.length;
    expect((await fetch(`${gatewayUrl}/sso/saml/p1/acs`)).status).toBe(404);
    expect((await fetch(`${gatewayUrl}/sso/other`)).status).toBe(404);
    expect((await fetch(`${gatewayUrl}/v1/orgs/o1/saml`)).status).toBe(401);
    expect(seen.length).toBe(before);
  });

  test('When a client goes over the rate limit, Then the public paths answer 429 too', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await fetch(`${gatewayUrl}/sso/saml/p1/start`)).status);
    expect(statuses.at(-1)).toBe(429);
  });
});
