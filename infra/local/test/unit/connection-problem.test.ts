import { connectionProblem, urlProblem } from '../../src/connection-problem';

/** The drivers' errors as they come (pg's and amqplib's, copied from real failures against PostgreSQL 16 and RabbitMQ 3). */
const errorWith = (message: string, code?: string) => Object.assign(new Error(message), code ? { code } : {});

describe('urlProblem', () => {
  test.each([
    ['postgresql', 'not a url'],
    ['postgresql', 'localhost:5432'],
    ['rabbitmq', ''],
  ] as const)('When %s is given %j, Then it is not a URL, with an example of one', (server, url) => {
    const problem = urlProblem(server, url);
    expect(problem?.kind).toBe('not-a-url');
    expect(problem?.reason).toMatch(server === 'postgresql' ? /not a .*URL \(expected postgres:\/\/user:password@host:5432\/database\)/ : /expected amqp:\/\//);
  });

  test('When the URL is of another server, Then it is not a URL of this one', () => {
    expect(urlProblem('rabbitmq', 'postgres://postgres@127.0.0.1:5432/postgres')).toEqual({ kind: 'not-a-url', reason: 'not a amqp:// URL (expected amqp://user:password@host:5672)' });
    expect(urlProblem('postgresql', 'http://127.0.0.1:5432/x')?.kind).toBe('not-a-url');
  });

  test.each([
    ['postgresql', 'postgres://postgres@127.0.0.1:5432/postgres'],
    ['postgresql', 'postgresql://u:p@db.internal/docs?sslmode=require'],
    ['rabbitmq', 'amqp://guest:guest@127.0.0.1:5672'],
    ['rabbitmq', 'amqps://u:p@mq.internal/vhost'],
  ] as const)('When %s is given %s, Then the URL is fine', (server, url) => {
    expect(urlProblem(server, url)).toBeUndefined();
  });
});

describe('connectionProblem', () => {
  test.each([
    ['a refused connection', errorWith('connect ECONNREFUSED 127.0.0.1:1', 'ECONNREFUSED'), 'nothing-listening', /^nothing listening there \(connect ECONNREFUSED 127\.0\.0\.1:1\): start the server or fix the host and port$/],
    ['an unknown host', errorWith('getaddrinfo ENOTFOUND nohost.invalid', 'ENOTFOUND'), 'unknown-host', /unknown host .*nohost\.invalid/],
    ["PostgreSQL's wrong password", errorWith('password authentication failed for user "postgres"', '28P01'), 'authentication-failed', /^authentication failed \(password authentication failed for user "postgres"\): fix the user or password$/],
    ["PostgreSQL's unknown role", errorWith('role "nobody" does not exist', '28000'), 'authentication-failed', /authentication failed \(role "nobody" does not exist\)/],
    ["PostgreSQL's missing database", errorWith('database "nowhere" does not exist', '3D000'), 'database-missing', /^database "nowhere" does not exist: create it or name another database in the URL$/],
    [
      "RabbitMQ's wrong password",
      errorWith('Handshake terminated by server: 403 (ACCESS-REFUSED) with message "ACCESS_REFUSED - Login was refused using authentication mechanism PLAIN. For details see the broker logfile."'),
      'authentication-failed',
      /^authentication failed \(the broker refused the user or password\)/,
    ],
    ["RabbitMQ's unknown virtual host", errorWith('Expected ConnectionOpenOk; got <ConnectionClose channel:0>'), 'vhost-refused', /virtual host/],
    ['a connection timeout', errorWith('Connection terminated due to connection timeout'), 'timeout', /^no answer in time/],
    ['something else', errorWith('Socket closed abruptly during opening handshake'), 'other', /does not answer as expected \(Socket closed abruptly during opening handshake\)/],
    ['a thrown string', 'boom', 'other', /\(boom\)/],
  ])('When the driver reports %s, Then the problem says which it is', (_label, err, kind, reason) => {
    const problem = connectionProblem(err);
    expect(problem.kind).toBe(kind);
    expect(problem.reason).toMatch(reason);
  });
});
