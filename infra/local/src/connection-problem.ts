/**
 * Why `npm start` cannot use the PostgreSQL or RabbitMQ a URL names, in words a user acts on: "does not
 * answer" for a wrong password, a missing database and a refused connection alike sent them to the wrong fix
 * (issue 22). Pure: the drivers' errors are read by their codes and messages.
 */

export type Server = 'postgresql' | 'rabbitmq';

export type ConnectionProblemKind =
  | 'not-a-url'
  | 'nothing-listening'
  | 'unknown-host'
  | 'authentication-failed'
  | 'database-missing'
  | 'vhost-refused'
  | 'timeout'
  | 'other';

export interface ConnectionProblem {
  kind: ConnectionProblemKind;
  /** What is wrong and what to do, after "PostgreSQL at DATABASE_URL=...: ". */
  reason: string;
}

const SCHEMES: Record<Server, string[]> = { postgresql: ['postgres:', 'postgresql:'], rabbitmq: ['amqp:', 'amqps:'] };
const EXAMPLE: Record<Server, string> = {
  postgresql: 'postgres://user:password@host:5432/database',
  rabbitmq: 'amqp://user:password@host:5672',
};

/** The problem of a URL that cannot name this server at all, before any connection is tried. */
export function urlProblem(server: Server, url: string): ConnectionProblem | undefined {
  let scheme: string;
  try {
    scheme = new URL(url).protocol;
  } catch {
    return { kind: 'not-a-url', reason: `not a URL (expected ${EXAMPLE[server]})` };
  }
  if (SCHEMES[server].includes(scheme)) return undefined;
  return { kind: 'not-a-url', reason: `not a ${SCHEMES[server][0].slice(0, -1)}:// URL (expected ${EXAMPLE[server]})` };
}

const field = (err: unknown, name: 'code' | 'message'): string => {
  if (typeof err !== 'object' || err === null || !(name in err)) return '';
  const value: unknown = Reflect.get(err, name);
  return typeof value === 'string' ? value : '';
};

/** The problem behind a driver's connection error (pg's or amqplib's). */
export function connectionProblem(err: unknown): ConnectionProblem {
  const code = field(err, 'code');
  const message = field(err, 'message') || String(err);
  if (code === 'ECONNREFUSED') return { kind: 'nothing-listening', reason: `nothing listening there (${message}): start the server or fix the host and port` };
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return { kind: 'unknown-host', reason: `unknown host (${message}): fix the host name` };
  // PostgreSQL: invalid_password, and invalid_authorization_specification (unknown role, no pg_hba.conf entry).
  if (code === '28P01' || code === '28000') return { kind: 'authentication-failed', reason: `authentication failed (${message}): fix the user or password` };
  if (code === '3D000') return { kind: 'database-missing', reason: `${message}: create it or name another database in the URL` };
  // RabbitMQ answers a wrong user or password with 403 ACCESS_REFUSED during the handshake.
  if (/ACCESS.REFUSED/.test(message)) return { kind: 'authentication-failed', reason: 'authentication failed (the broker refused the user or password): fix them' };
  // ...and an unknown virtual host (or one the user may not use) by closing instead of opening the connection.
  if (/Expected ConnectionOpenOk|NOT_ALLOWED - vhost/.test(message)) {
    return { kind: 'vhost-refused', reason: 'the broker refused the virtual host (it does not exist, or the user has no access to it): fix the path of the URL' };
  }
  if (code === 'ETIMEDOUT' || /timeout|timed out/i.test(message)) return { kind: 'timeout', reason: `no answer in time (${message}): is the host reachable?` };
  return { kind: 'other', reason: `does not answer as expected (${message}): is this the right host and port?` };
}
