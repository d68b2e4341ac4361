import type { Server } from 'node:http';
import { closeServer, DEFAULT_LISTENER_LIMITS, listen } from '@dp/listen';
import { createLogger } from '@dp/log';
import { listenerDrops, serveMetrics, type MetricsServer } from '@dp/metrics';
import { eventually, metricValue, openConnections, scrape, type OpenConnection } from '@dp/testing';

/**
 * A listener's dropped connections (past HTTP_MAX_CONNECTIONS, docs/adr/0062) are counted by listener at
 * /metrics, so that an alert can tell a process that refuses clients; before, Node dropped them in silence.
 */
let api: Server;
let metrics: MetricsServer;
const clients: OpenConnection[] = [];

beforeAll(async () => {
  const limits = { ...DEFAULT_LISTENER_LIMITS, HTTP_MAX_CONNECTIONS: 2 };
  api = await listen((_req, res) => res.end('ok'), 0, '127.0.0.1', limits, listenerDrops('drops-unit-api', createLogger('drops-unit-api', 'silent')));
  metrics = await serveMetrics(0);
});
afterAll(async () => {
  for (const c of clients) c.socket.destroy();
  await closeServer(api);
  await metrics.stop();
});

describe('dp_http_connections_dropped_total', () => {
  it('When 5 clients connect to a listener that holds 2, Then /metrics counts the 3 it dropped under its name', async () => {
    clients.push(...(await openConnections((api.address() as { port: number }).port, 5)));
    await Promise.all(clients.slice(2).map((c) => c.closed));
    const text = await eventually(async () => {
      const t = await scrape(metrics.url);
      return metricValue(t, 'dp_http_connections_dropped_total', { listener: 'drops-unit-api' }) === 3 && t;
    });
    expect(text).toMatch(/# TYPE dp_http_connections_dropped_total counter/);
    // Only the listener that dropped them: the metrics port itself dropped nothing.
    expect(metricValue(text, 'dp_http_connections_dropped_total', { listener: 'metrics' })).toBeUndefined();
  });
});
