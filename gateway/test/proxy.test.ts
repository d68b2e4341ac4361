import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ASSERTION_HEADER, hashApiToken, verifyAssertion, type Caller } from '@dp/auth';
import { loadConfig } from '@dp/config';
import { HttpError } from '@dp/http';
import { closeServer, listen } from '@dp/listen';
import { createLogger } from '@dp/log';
import { createGatewayApp } from '../src/app';
import { gatewayConfig } from '../src/config';
import { PrincipalCache, type PrincipalFetcher } from '../src/principal-cache';

/**
 * The gateway's proxy hop against a fake content service: what reaches the service, what reaches the
 * client, keep-alive reuse, and how upstream failures are answered. Principals come from a function here, through
 * a cache that hears no bus, so it never keeps them (the cache is tested in unit/principal-cache.test.ts, and
 * with identity in test/e2e).
 */
const SECRET = 'gateway-proxy-test-secret';

interface Fake {
  url: string;
  server: http.Server;
  connections: number;
  requests: Array<{ method: string; url: string; headers: http.IncomingHttpHeaders; body: string }>;
  /** Per connection, how many requests it carried. */
  perConnection: WeakMap<object, number>;
}

async function fakeServer(handle: (req: http.IncomingMessage, res: http.ServerResponse, body: string, nthOnConnection: number) => void): Promise<Fake> {
  const fake = { connections: 0, requests: [], perConnection: new WeakMap() } as unknown as Fake;
  fake.server = http.createServer((req, res) => {
    if (req.url === '/v1/spaces/too-large') {
      // Answers before reading the body, as the services do when a body is over their limit (Node then reads
      // and discards the rest, keeping the connection).
      json(res, 413, { error: { code: 413, message: 'Request body is too large' } });
      return req.resume();
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString();
      const n = (fake.perConnection.get(req.socket) ?? 0) + 1;
      fake.perConnection.set(req.socket, n);
      fake.requests.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      handle(req, res, body, n);
    });
  });
  fake.server.keepAliveTimeout = 65_000;
  fake.server.on('connection', () => fake.connections++);
  await new Promise<void>((r) => fake.server.listen(0, '127.0.0.1', () => r()));
  fake.url = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`;
  return fake;
}

const json = (res: http.ServerResponse, status: number, body: unknown, headers: http.OutgoingHttpHeaders = {}) => {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
};

const PRINCIPAL: Caller = { userId: 'u1', staff: false, memberships: { o1: 'admin' } };

/** `good` is u1, `bad` is unknown, `boom` fails the way the principal lookup does when identity is down. */
let lookups = 0;
const fetchPrincipal: PrincipalFetcher = async (tokenHash) => {
  lookups++;
  if (tokenHash === hashApiToken('good')) return PRINCIPAL;
  if (tokenHash === hashApiToken('boom')) throw new HttpError(503, 'Authentication is temporarily unavailable');
  return undefined;
};

/** Content: echoes what it received; with `resetSecond`, each connection's 2nd request is cut. */
function fakeContent(opts: { resetSecond?: boolean } = {}) {
  return fakeServer((req, res, body, n) => {
    if (req.url === '/v1/spaces/too-large') return; // answered on arrival (below), like a body limit
    if (opts.resetSecond && n === 2) return req.socket.destroy();
    if (req.url === '/v1/spaces/teapot') return json(res, 418, { short: 'and stout' }, { 'set-cookie': ['a=1', 'b=2'], 'x-custom': 'yes' });
    json(res, 200, { method: req.method, url: req.url, headers: req.headers, body });
  });
}

async function startGateway(contentUrl: string, extra: Record<string, string> = {}) {
  const config = loadConfig(gatewayConfig, {
    ...extra,
    INTERNAL_AUTH_SECRET: SECRET,
    LOG_LEVEL: 'silent',
    IDENTITY_URL: 'http://127.0.0.1:1',
    CONTENT_URL: contentUrl,
    SITES_URL: '',
    OPENAPI_URL: '',
    INTEGRATIONS_URL: '',
    TRANSLATIONS_URL: '',
  });
  const principals = new PrincipalCache({ fetch: fetchPrincipal, secret: SECRET, ttlMs: 60_000 });
  const server = await listen(createGatewayApp({ config, log: createLogger('gateway-test', 'silent'), principals }), 0, '127.0.0.1');
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

function rawRequest(url: string, method: string, body: string, headers: http.OutgoingHttpHeaders) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const req = http.request(url, { method, headers: { ...headers, 'content-length': Buffer.byteLength(body) }, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString() }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => closeServer(s)));
});

async function setup(opts: { content?: Parameters<typeof fakeContent>[0]; contentUrl?: string; env?: Record<string, string> } = {}) {
  const content = await fakeContent(opts.content);
  const gateway = await startGateway(opts.contentUrl ?? content.url, opts.env);
  servers.push(content.server, gateway.server);
  return { content, gateway };
}

describe('gateway proxy', () => {
  test('When a request goes through, Then the service gets the original path, query, method and body, an assertion instead of the token, the request id and x-forwarded-* headers, and no hop-by-hop headers', async () => {
    const { content, gateway } = await setup();
    const payload = { title: 'x'.repeat(300_000) }; // streamed, not buffered in one chunk
    // node:http, not fetch: fetch refuses to send hop-by-hop headers such as keep-alive.
    const res = await rawRequest(`${gateway.url}/v1/orgs/o1/spaces?limit=5&q=a%20b`, 'POST', JSON.stringify(payload), {
      authorization: 'Bearer good',
      'content-type': 'application/json',
      'x-request-id': 'rid-1',
      'keep-alive': 'timeout=5',
      te: 'trailers',
    });
    expect(res.status).toBe(200);
    expect(res.headers['x-request-id']).toBe('rid-1');
    const seen = content.requests.at(-1)!;
    expect(seen.method).toBe('POST');
    expect(seen.url).toBe('/v1/orgs/o1/spaces?limit=5&q=a%20b');
    expect(JSON.parse(seen.body)).toEqual(payload);
    expect(seen.headers.authorization).toBeUndefined();
    expect(verifyAssertion(seen.headers[ASSERTION_HEADER] as string, SECRET)).toMatchObject(PRINCIPAL);
    expect(seen.headers['x-request-id']).toBe('rid-1');
    expect(seen.headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(seen.headers['x-forwarded-proto']).toBe('http');
    expect(seen.headers['x-forwarded-host']).toBe(new URL(gateway.url).host);
    expect(seen.headers['x-forwarded-port']).toBe(new URL(gateway.url).port);
    expect(seen.headers['keep-alive']).toBeUndefined();
    expect(seen.headers.te).toBeUndefined();
  });

  test('When the service answers, Then its status, headers (repeated ones too) and body reach the client unchanged', async () => {
    const { gateway } = await setup();
    const res = await fetch(`${gateway.url}/v1/spaces/teapot`, { headers: { authorization: 'Bearer good' } });
    expect(res.status).toBe(418);
    expect(res.headers.get('x-custom')).toBe('yes');
    expect(res.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
    expect(await res.json()).toEqual({ short: 'and stout' });
  });

  test('When requests follow one another, Then the proxied calls reuse one keep-alive connection', async () => {
    const { content, gateway } = await setup();
    for (let i = 0; i < 20; i++) {
      const res = await fetch(`${gateway.url}/v1/spaces/s${i}`, { headers: { authorization: 'Bearer good' } });
      expect(res.status).toBe(200);
    }
    expect(content.requests).toHaveLength(20);
    expect(content.connections).toBe(1);
  });

  test('When the service behind a path is down, Then the client gets a JSON 502 and the gateway keeps serving', async () => {
    const closed = await fakeContent();
    await closeServer(closed.server);
    const { gateway } = await setup({ contentUrl: closed.url });
    for (let i = 0; i < 2; i++) {
      const res = await fetch(`${gateway.url}/v1/spaces/s1`, { headers: { authorization: 'Bearer good' } });
      expect(res.status).toBe(502);
      expect(await res.json()).toEqual({ error: { code: 502, message: expect.any(String) } });
    }
  });

  test('When the token is unknown, Then 401; when the lookup fails, Then 503 (never 500); the service is not called', async () => {
    const { content, gateway } = await setup();
    const unknown = await fetch(`${gateway.url}/v1/spaces/s1`, { headers: { authorization: 'Bearer bad' } });
    expect(unknown.status).toBe(401);
    const failing = await fetch(`${gateway.url}/v1/spaces/s1`, { headers: { authorization: 'Bearer boom' } });
    expect(failing.status).toBe(503);
    expect(await failing.json()).toEqual({ error: { code: 503, message: expect.any(String) } });
    expect(content.requests).toHaveLength(0);
  });

  test('When a valid token goes over its principal\'s rate limit, Then it gets a JSON 429 with Retry-After and the service is not called, while other callers go on', async () => {
    const { content, gateway } = await setup({ env: { RATE_LIMIT_PER_MINUTE: '3' } });
    const lookupsBefore = lookups;
    const get = (token: string) => fetch(`${gateway.url}/v1/spaces/s1`, { headers: { authorization: `Bearer ${token}` } });
    for (let i = 0; i < 3; i++) {
      const res = await get('good');
      expect(res.status).toBe(200);
      expect(res.headers.get('ratelimit-remaining')).toBe(String(2 - i));
    }
    const limited = await get('good');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(await limited.json()).toEqual({ error: { code: 429, message: expect.stringMatching(/Too many requests/) } });
    expect(content.requests).toHaveLength(3);
    // Without the principal cache (no bus here) each request asks identity whose token it is, the refused one
    // too: its budget is its principal's (docs/adr/0062).
    expect(lookups - lookupsBefore).toBe(4);
    // the address's budget is not the principal's (and an unknown token is refused by authentication, not by the limit)
    expect((await get('bad')).status).toBe(401);
  });
});
