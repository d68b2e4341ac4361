import type { Server } from 'node:http';
import { createLogger, type Logger } from '@dp/log';

/** At most one warning per listener this often: a flood past the cap is a line per window, never a line per connection. */
export const DROP_WARNING_EVERY_MS = 10_000;

export interface DropWatch {
  /** Names the listener in its warning and its metric (`dp_http_connections_dropped_total{listener}`): `content-api`, `gateway-metrics`. */
  name: string;
  /** Where the warning goes; absent, a logger named after the listener. */
  log?: Logger;
  /** Called once per dropped connection, with the listener's name: the metrics wiring counts it (libs/metrics). */
  onDrop?: (listener: string) => void;
  /** The warning window (tests shorten it). */
  warnEveryMs?: number;
}

/**
 * Past `maxConnections` Node closes a new connection at once and only emits 'drop': without this the listener
 * refuses clients and nobody hears of it. Each drop is handed to `onDrop` at once; the warning says how many
 * were dropped since the previous one, the first at once, then at most once per window. A listener that
 * closes says what it still owes.
 */
export function watchDrops(server: Server, { name, log, onDrop, warnEveryMs = DROP_WARNING_EVERY_MS }: DropWatch): void {
  let pending = 0;
  let window: NodeJS.Timeout | undefined;
  const warn = () => {
    if (pending === 0) return;
    const max = server.maxConnections;
    (log ??= createLogger(name)).warn({ listener: name, dropped: pending, maxConnections: max }, `${pending} connection(s) dropped: ${name} holds HTTP_MAX_CONNECTIONS (${max}) already`);
    pending = 0;
  };
  const openWindow = () => {
    window = setTimeout(() => {
      window = undefined;
      if (pending === 0) return;
      warn();
      openWindow();
    }, warnEveryMs).unref();
  };
  server.on('drop', () => {
    onDrop?.(name);
    pending++;
    if (window) return;
    warn();
    openWindow();
  });
  server.on('close', () => {
    clearTimeout(window);
    window = undefined;
    warn();
  });
}
