import type { Knex } from 'knex';
import type { Logger } from '@dp/log';
import { watchDeadLetters, watchOutbox, watchPool, type OutboxBacklog } from './collectors';
import type { ListenerLimits } from '@dp/listen';
import { serveMetrics, type MetricsServer } from './server';

export interface ProcessMetricsOptions {
  /** The process's name, as its logs' `service` (`content-api`, `content-worker`, `gateway`). */
  process: string;
  /** METRICS_PORT: 0 serves nothing (the metrics are still kept, for a stack that serves them itself). */
  port: number;
  /** HOST: the interface it binds to (loopback unless told). */
  host?: string;
  /** The process's listener limits (libs/config `listenerConfig`); absent, their defaults. */
  limits?: ListenerLimits;
  /** Says where the endpoint listens. */
  log?: Logger;
  /** The pool this process owns (a worker sharing its api's pool under `npm start` leaves it to the api). */
  db?: Knex;
  /** A worker's outbox: its schema and the backlog query. */
  outbox?: { schema: string; read: () => Promise<OutboxBacklog | null> };
  /** A worker's consumed queue and how to read its dead-letter queue's depth. */
  deadLetters?: { queue: string; depth: (queue: string) => Promise<number> };
}

export interface ProcessMetrics {
  /** The endpoint, when this process serves one. */
  server?: MetricsServer;
  stop(): Promise<void>;
}

/** What a process starts for its metrics: its scrape-time sources and, when METRICS_PORT is set, the endpoint. */
export async function startProcessMetrics(opts: ProcessMetricsOptions): Promise<ProcessMetrics> {
  const offs: Array<() => void> = [];
  if (opts.db) offs.push(watchPool(opts.process, opts.db));
  if (opts.outbox) offs.push(watchOutbox(opts.outbox.schema, opts.outbox.read));
  if (opts.deadLetters) offs.push(watchDeadLetters(opts.deadLetters.queue, opts.deadLetters.depth));
  const unwatch = () => offs.splice(0).forEach((off) => off());
  let server: MetricsServer | undefined;
  try {
    server = opts.port ? await serveMetrics(opts.port, opts.host, opts.limits, opts.log) : undefined;
  } catch (err) {
    // The port is taken: this process fails to start, and leaves no source behind in the registry.
    unwatch();
    throw err;
  }
  if (server) opts.log?.info({ metricsPort: server.port }, `metrics at :${server.port}/metrics`);
  return {
    server,
    async stop() {
      unwatch();
      await server?.stop();
    },
  };
}
