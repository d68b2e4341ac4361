import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '@dp/config';
import { closeServer, listen } from '@dp/listen';
import amqp from 'amqplib';
import { AmqpBus } from '@dp/bus';
import { createLogger } from '@dp/log';
import { eventually, recordResources, requireInfrastructure, TEST_AMQP_URL, uniqueNamespace } from '@dp/testing';
import { createGatewayApp } from '../src/app';
import { gatewayConfig } from '../src/config';
import { PrincipalCache } from '../src/principal-cache';
import { startReplicaHeartbeat, type LiveReplicas } from '../src/replicas';

/**
 * The rate limit through the gateway's HTTP stack (docs/adr/0051): the share of the deployment's limit each replica
 * enforces, the RateLimit headers, and which address an anonymous caller is counted by. Requests go to an unknown
 * /v1 path: the limit runs before routing, so the gateway answers 404 (or 429) without any service behind it.
 */
const SECRET = 'gateway-rate-limit-test-secret';
const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => closeServer(s)));
});

function appWith(env: Record<string, string>, liveReplicas?: () => number | undefined) {
  const config = loadConfig(gatewayConfig, {
    INTERNAL_AUTH_SECRET: SECRET,
    LOG_LEVEL: 'silent',
    IDENTITY_URL: '',
    CONTENT_URL: '',
    SITES_URL: '',
    OPENAPI_URL: '',
    INTEGRATIONS_URL: '',
    TRANSLATIONS_URL: '',
    ...env,
  });
  const principals = new PrincipalCache({ fetch: async () => undefined, secret: SECRET, ttlMs: 60_000 });
  return createGatewayApp({ config, log: createLogger('gateway-test', 'silent'), principals, liveReplicas });
}

async function gateway(env: Record<string, string>, liveReplicas?: () => number | undefined) {
  const server = await listen(appWith(env, liveReplicas), 0, '127.0.0.1');
  servers.push(server);
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return (headers: Record<string, string> = {}) => fetch(`${url}/v1/rate-limit-probe`, { headers });
}

/** Sends requests until one is refused; how many passed. */
async function budget(send: () => Promise<Response>, max = 20): Promise<number> {
  for (let i = 0; i < max; i++) if ((await send()).status === 429) return i;
  return max;
}

describe('gateway rate limit', () => {
  test('When requests are counted, Then every answer carries the RateLimit headers of both draft shapes, and the refusal Retry-After', async () => {
    const get = await gateway({ RATE_LIMIT_PER_MINUTE: '3' });
    for (let i = 0; i < 3; i++) {
      const res = await get();
      expect(res.status).toBe(404);
      const names = ['ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset', 'ratelimit-policy', 'ratelimit'];
      expect(Object.fromEntries(names.map((name) => [name, res.headers.get(name)]))).toEqual({
        'ratelimit-limit': '3',
        'ratelimit-remaining': String(2 - i),
        'ratelimit-reset': expect.stringMatching(/^[1-9]\d*$/),
        'ratelimit-policy': '"gateway";q=3;w=60',
        ratelimit: expect.stringMatching(new RegExp(`^"gateway";r=${2 - i};t=[1-9]\\d*$`)),
      });
      expect(res.headers.get('retry-after')).toBeNull();
    }
    const refused = await get();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(refused.headers.get('ratelimit-remaining')).toBe('0');
    expect(refused.headers.get('ratelimit')).toMatch(/^"gateway";r=0;t=[1-9]\d*$/);
    expect(await refused.json()).toEqual({ error: { code: 429, message: expect.stringMatching(/Too many requests/) } });
  });

  test('When the deployment limit is shared by replicas, Then each enforces its share and a caller spread over them gets the whole limit', async () => {
    const env = { RATE_LIMIT_PER_MINUTE: '6', GATEWAY_REPLICAS: '3' };
    const replicas = await Promise.all([gateway(env), gateway(env), gateway(env)]);
    expect((await replicas[0]()).headers.get('ratelimit-limit')).toBe('2');
    expect(await budget(replicas[0])).toBe(1);
    expect(await budget(replicas[1])).toBe(2);
    expect(await budget(replicas[2])).toBe(2);
  });

  test('When no proxy is trusted, Then X-Forwarded-For is ignored: a caller changing it gets no fresh budget', async () => {
    const get = await gateway({ RATE_LIMIT_PER_MINUTE: '2' });
    expect(await budget(() => get({ 'x-forwarded-for': '203.0.113.1' }))).toBe(2);
    expect((await get({ 'x-forwarded-for': '203.0.113.2' })).status).toBe(429);
    expect((await get()).status).toBe(429);
  });

  test('When the peer is not among the trusted proxies, Then its X-Forwarded-For is ignored too', async () => {
    const get = await gateway({ RATE_LIMIT_PER_MINUTE: '2', TRUST_PROXY: '10.0.0.0/8' });
    expect(await budget(() => get({ 'x-forwarded-for': '203.0.113.1' }))).toBe(2);
    expect((await get({ 'x-forwarded-for': '203.0.113.2' })).status).toBe(429);
  });

  test.each(['loopback', '127.0.0.1/32', '1'])(
    'When the peer is a trusted proxy (TRUST_PROXY=%s), Then each client it names has its own budget, and what a client prepends is not believed',
    async (trust) => {
      const get = await gateway({ RATE_LIMIT_PER_MINUTE: '2', TRUST_PROXY: trust });
      expect(await budget(() => get({ 'x-forwarded-for': '203.0.113.1' }))).toBe(2);
      expect(await budget(() => get({ 'x-forwarded-for': '203.0.113.2' }))).toBe(2);
      // The proxy appends the address it saw: a client's own X-Forwarded-For stays to its left.
      expect((await get({ 'x-forwarded-for': '198.51.100.9, 203.0.113.1' })).status).toBe(429);
    },
  );

  test('When TRUST_PROXY is not an address, CIDR or hop count, Then the gateway does not start', () => {
    expect(() => appWith({ TRUST_PROXY: 'proxy.example.com' })).toThrow(/invalid IP address/);
  });
});

describe('gateway rate limit with the replicas counted on the bus (real RabbitMQ)', () => {
  const exchange = `${uniqueNamespace('gwrep')}events`;
  recordResources({ exchanges: [exchange] });
  const log = createLogger('gateway-replicas-test', 'silent');
  const running: Array<{ bus: AmqpBus; replicas: LiveReplicas }> = [];
  /** A gateway replica: its own connection to the broker, its heartbeat every 100 ms, its app. */
  const replica = async (env: Record<string, string>) => {
    const bus = new AmqpBus({ url: TEST_AMQP_URL, exchange, log });
    const replicas = startReplicaHeartbeat({ bus, everyMs: 100, log });
    const member = { bus, replicas };
    running.push(member);
    return { ...member, get: await gateway(env, replicas.count) };
  };
  const stop = async (member: { bus: AmqpBus; replicas: LiveReplicas }) => {
    member.replicas.stop();
    await member.bus.close();
  };
  const limitOf = async (get: () => Promise<Response>) => (await get()).headers.get('ratelimit-limit');

  beforeAll(() => requireInfrastructure());
  afterAll(async () => {
    await Promise.all(running.map(stop));
    const conn = await amqp.connect(TEST_AMQP_URL);
    conn.on('error', () => undefined);
    try {
      await (await conn.createChannel()).deleteExchange(exchange);
    } finally {
      await conn.close().catch(() => undefined);
    }
  });

  test('When replicas come and go, Then each enforces the limit over the replicas it hears, and never over fewer than GATEWAY_REPLICAS', async () => {
    const env = { RATE_LIMIT_PER_MINUTE: '600', GATEWAY_REPLICAS: '1' };
    const a = await replica(env);
    await eventually(async () => a.replicas.count() === 1, 5_000);
    expect(await limitOf(a.get)).toBe('600');

    const b = await replica(env);
    const c = await replica(env);
    await eventually(async () => (await limitOf(a.get)) === '200' && (await limitOf(b.get)) === '200' && (await limitOf(c.get)) === '200', 5_000);

    // One stops beating: after three of its intervals the others share the limit between two.
    await stop(c);
    await eventually(async () => (await limitOf(a.get)) === '300' && (await limitOf(b.get)) === '300', 5_000);

    // The configured count is a floor: a replica that hears fewer still enforces no more than its share of it.
    const floor = await replica({ RATE_LIMIT_PER_MINUTE: '600', GATEWAY_REPLICAS: '4' });
    await eventually(async () => floor.replicas.count() === 3, 5_000);
    expect(await limitOf(floor.get)).toBe('150');
  });

  test('When a replica loses the bus, Then it stops counting the others and falls back to GATEWAY_REPLICAS', async () => {
    const env = { RATE_LIMIT_PER_MINUTE: '600', GATEWAY_REPLICAS: '2' };
    const a = await replica(env);
    await eventually(async () => a.replicas.count() !== undefined, 5_000);
    await a.bus.close();
    expect(a.replicas.count()).toBeUndefined();
    expect(await limitOf(a.get)).toBe('300');
  });
});

