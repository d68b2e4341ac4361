import { Registry, collectDefaultMetrics } from 'prom-client';

/**
 * The one registry of this OS process (docs/adr/0047). Metrics describe a process, so this is the one
 * module-level singleton we keep: under `npm start` every api, worker, the gateway and the publisher share
 * one process, one registry and one endpoint, told apart by their `process` label. prom-client's default
 * metrics (CPU, memory, event loop lag, GC, handles) are on it once.
 */
export const registry = new Registry();
collectDefaultMetrics({ register: registry });

/** Every metric of ours starts with it: `dp_http_requests_total`, `dp_outbox_backlog`... */
export const PREFIX = 'dp_';
