import { createServer, type RequestListener, type Server } from 'node:http';
import { watchDrops, type DropWatch } from './drops';
import { DEFAULT_LISTENER_LIMITS, type ListenerLimits } from './limits';

/** A listener a test or a tool starts without naming it: its drops are still warned about. */
const UNNAMED: DropWatch = { name: 'http-listener' };

/**
 * Node checks the header and request deadlines of open connections on a timer (30 s by default), so a slow
 * client could outlive its deadline by that much: checked every second instead.
 */
const CHECK_EVERY_MS = 1000;

/**
 * The one way this platform makes an HTTP server: Node's defaults (60 s for the headers, 300 s for the request,
 * no cap on connections) let a few hundred clients sending their headers a byte at a time hold a process's
 * sockets (slowloris). Past the header or request deadline Node answers 408 and closes the connection; past
 * `HTTP_MAX_CONNECTIONS` a new connection is closed at once, warned about and handed to `drops.onDrop` (./drops).
 * The request deadline covers receiving the request only, never the time the answer takes.
 */
export function createLimitedServer(handler: RequestListener, limits: ListenerLimits = DEFAULT_LISTENER_LIMITS, drops: DropWatch = UNNAMED): Server {
  if (limits.HTTP_REQUEST_TIMEOUT_MS < limits.HTTP_HEADERS_TIMEOUT_MS) {
    throw new Error(`HTTP_REQUEST_TIMEOUT_MS (${limits.HTTP_REQUEST_TIMEOUT_MS}) must be at least HTTP_HEADERS_TIMEOUT_MS (${limits.HTTP_HEADERS_TIMEOUT_MS})`);
  }
  const server = createServer(
    {
      headersTimeout: limits.HTTP_HEADERS_TIMEOUT_MS,
      requestTimeout: limits.HTTP_REQUEST_TIMEOUT_MS,
      keepAliveTimeout: limits.HTTP_KEEP_ALIVE_TIMEOUT_MS,
      connectionsCheckingInterval: Math.min(CHECK_EVERY_MS, limits.HTTP_HEADERS_TIMEOUT_MS),
    },
    handler,
  );
  server.maxConnections = limits.HTTP_MAX_CONNECTIONS;
  watchDrops(server, drops);
  return server;
}

/** Binds `server` to `port` on `host`; a listen error (EADDRINUSE...) rejects, so a port clash stops the boot loudly. */
export function bind(server: Server, port: number, host: string): Promise<Server> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}

/**
 * Listens with `handler` (an express app, or a listener in front of one) on `host` (loopback unless told: a
 * process binds every interface only when its HOST says so) with the listener limits, and resolves once bound.
 * `drops`: the listener's name, log and drop counter (a process passes libs/metrics `listenerDrops`).
 */
export function listen(handler: RequestListener, port: number, host = '127.0.0.1', limits: ListenerLimits = DEFAULT_LISTENER_LIMITS, drops?: DropWatch): Promise<Server> {
  return bind(createLimitedServer(handler, limits, drops), port, host);
}

export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
