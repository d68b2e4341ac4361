/**
 * A stop the process asked for (SIGTERM or SIGINT to `npm start` or a service): the database connections that
 * end while it stops are expected, not warnings. On Ctrl-C the embedded PostgreSQL gets the same signal and
 * terminates every client while the stack is still stopping; under compose or Kubernetes the database may go
 * down with the services. Process-wide because the signal is: the handler that catches it calls
 * `requestStop()` first.
 */
let stopRequested = false;

export function requestStop(): void {
  stopRequested = true;
}

export const stopWasRequested = (): boolean => stopRequested;

/**
 * What PostgreSQL (and pg, and knex's pool) say when the server closes a connection as it shuts down:
 * 57P01 admin_shutdown, 57P03 cannot_connect_now, and the socket ending under the client.
 */
const SHUTDOWN_NOISE = /terminating connection due to administrator command|the database system is shutting down|Connection terminated unexpectedly|Connection ended unexpectedly/;

/** True when a log call's arguments (message, `err` string or Error, anywhere in them) are a connection ended by a shutdown. */
export function isShutdownNoise(args: readonly unknown[]): boolean {
  return args.some((arg) => SHUTDOWN_NOISE.test(typeof arg === 'string' ? arg : textOf(arg)));
}

function textOf(arg: unknown): string {
  if (arg instanceof Error) return arg.message;
  if (typeof arg !== 'object' || arg === null) return '';
  return Object.values(arg)
    .map((value) => (typeof value === 'string' ? value : value instanceof Error ? value.message : ''))
    .join('\n');
}
