import type http from 'node:http';
import { bind, createLimitedServer, DEFAULT_LISTENER_LIMITS, type ListenerLimits } from '@dp/listen';
import { serviceOf, type Logger } from '@dp/log';
import { listenerDrops } from './http';
import { registry } from './registry';

export interface MetricsServer {
  /** Where Prometheus scrapes: `http://<host>:<port>/metrics`. */
  url: string;
  port: number;
  stop(): Promise<void>;
}

/**
 * The process's metrics endpoint: `GET /metrics` in Prometheus' text format on a port of its own, never on the
 * api's port, so that the gateway (which proxies only /v1 and its public paths to api ports) cannot reach it.
 * `port` 0 takes a free port (tests). Two components of one process asking for the same port share the
 * listener; it closes when the last one stops. Bound to `host` (loopback unless told) with the limits of every
 * listener: metrics are for the cluster network only. Its dropped connections count as `<process>-metrics`
 * (`log`'s process; the stack's own endpoint: `metrics`).
 */
export async function serveMetrics(port: number, host = '127.0.0.1', limits: ListenerLimits = DEFAULT_LISTENER_LIMITS, log?: Logger): Promise<MetricsServer> {
  const shared = port ? listeners.get(port) : undefined;
  if (shared) {
    shared.users++;
    return handle(shared);
  }
  const server = createLimitedServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found: metrics are at GET /metrics\n');
      return;
    }
    registry.metrics().then(
      (body) => res.writeHead(200, { 'content-type': registry.contentType }).end(req.method === 'HEAD' ? undefined : body),
      (err: unknown) => res.writeHead(500, { 'content-type': 'text/plain' }).end(`metrics failed: ${err instanceof Error ? err.message : String(err)}\n`),
    );
  }, limits, listenerDrops(log ? `${serviceOf(log)}-metrics` : 'metrics', log));
  await bind(server, port, host);
  const bound = (server.address() as { port: number }).port;
  const entry: Listener = { server, port: bound, users: 1 };
  listeners.set(bound, entry);
  return handle(entry);
}

interface Listener {
  server: http.Server;
  port: number;
  users: number;
}

const listeners = new Map<number, Listener>();

function handle(entry: Listener): MetricsServer {
  let stopped = false;
  return {
    url: `http://127.0.0.1:${entry.port}/metrics`,
    port: entry.port,
    async stop() {
      if (stopped) return;
      stopped = true;
      if (--entry.users > 0) return;
      listeners.delete(entry.port);
      entry.server.closeAllConnections();
      await new Promise<void>((resolve) => entry.server.close(() => resolve()));
    },
  };
}
