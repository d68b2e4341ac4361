import { Counter, Histogram } from 'prom-client';
import type { DropWatch } from '@dp/listen';
import type { Logger } from '@dp/log';
import { PREFIX, registry } from './registry';

const requests = new Counter({
  name: `${PREFIX}http_requests_total`,
  help: 'HTTP requests answered, by process, method, route pattern and status',
  labelNames: ['process', 'method', 'route', 'status'] as const,
  registers: [registry],
});

const duration = new Histogram({
  name: `${PREFIX}http_request_duration_seconds`,
  help: 'Time from a request reaching the process to its answer being sent, by process, method and route pattern',
  labelNames: ['process', 'method', 'route'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  registers: [registry],
});

export interface ObservedRequest {
  process: string;
  method: string;
  /** A route pattern (`/v1/spaces/:spaceId`), never a raw path: a label per id would grow without bound. */
  route: string;
  status: number;
  seconds: number;
}

export function observeRequest({ process, method, route, status, seconds }: ObservedRequest): void {
  requests.inc({ process, method, route, status: String(status) });
  duration.observe({ process, method, route }, seconds);
}

const dropped = new Counter({
  name: `${PREFIX}http_connections_dropped_total`,
  help: 'Connections a listener closed at once because it already held HTTP_MAX_CONNECTIONS, by listener (the process, `<process>-metrics` for its metrics port)',
  labelNames: ['listener'] as const,
  registers: [registry],
});

export const countDroppedConnection = (listener: string): void => dropped.inc({ listener });

/** What a process gives `listen` (libs/listen) for a listener: its name and log for the warning, this counter for each drop. */
export function listenerDrops(name: string, log?: Logger): DropWatch {
  return { name, log, onDrop: countDroppedConnection };
}
