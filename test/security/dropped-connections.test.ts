import { eventually, metricValue, openConnections, scrape, type OpenConnection } from '@dp/testing';
import { bootStack, type TestStack } from '../support/stack';

/**
 * Issue 21 §8 (docs/adr/0062): past HTTP_MAX_CONNECTIONS a listener closes new connections at once. Every
 * listener of a whole stack (the gateway, each api, the sites publisher, the metrics port) counts them in
 * `dp_http_connections_dropped_total{listener}` (and warns, at most once per 10 s); before, they went unseen.
 */
const CAP = 16;
const EXTRA = 4;
let stack: TestStack;
const sockets: OpenConnection[] = [];

beforeAll(async () => {
  stack = await bootStack('drops', { withWorkers: false, env: { HTTP_MAX_CONNECTIONS: String(CAP) } });
}, 60_000);
afterAll(async () => {
  for (const c of sockets) c.socket.destroy();
  await stack?.stop();
}, 30_000);

/** Opens `CAP + EXTRA` idle connections to `port`; answers how many the listener closed at once (the held ones wait for the 10 s header deadline). */
async function overfill(port: number): Promise<{ dropped: number; release: () => void }> {
  const opened = await openConnections(port, CAP + EXTRA);
  sockets.push(...opened);
  const closedAtOnce = await Promise.all(opened.map((c) => Promise.race([c.closed.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), 1500))])));
  return { dropped: closedAtOnce.filter(Boolean).length, release: () => opened.forEach((c) => c.socket.destroy()) };
}

describe('connections past HTTP_MAX_CONNECTIONS', () => {
  test('When the gateway, an api and the publisher each get more connections than they hold, Then each counts those it dropped under its own name', async () => {
    const listeners = { gateway: stack.ports.gateway, 'content-api': stack.ports.content, 'sites-publisher': stack.publisher.port };
    const dropped: Record<string, number> = {};
    for (const [name, port] of Object.entries(listeners)) {
      const { dropped: n, release } = await overfill(port);
      release();
      // At least the extra ones; more where the stack itself held a connection (the gateway's keep-alive to an api).
      expect({ name, atLeast: n >= EXTRA }).toEqual({ name, atLeast: true });
      dropped[name] = n;
    }
    const text = await eventually(async () => {
      const t = await scrape(stack.metricsUrl!);
      return Object.entries(dropped).every(([listener, n]) => metricValue(t, 'dp_http_connections_dropped_total', { listener }) === n) && t;
    });
    expect(metricValue(text, 'dp_http_connections_dropped_total', { listener: 'identity-api' })).toBeUndefined();
  });

  test('When the metrics port itself is full, Then its drops are counted as `metrics` and seen at the next scrape', async () => {
    const { dropped, release } = await overfill(Number(new URL(stack.metricsUrl!).port));
    expect(dropped).toBeGreaterThanOrEqual(EXTRA);
    release();
    const text = await eventually(async () => {
      const t = await scrape(stack.metricsUrl!);
      return metricValue(t, 'dp_http_connections_dropped_total', { listener: 'metrics' }) === dropped && t;
    });
    expect(text).toMatch(/dp_http_connections_dropped_total\{listener="metrics"\}/);
  });
});
