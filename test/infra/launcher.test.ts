import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import knex from 'knex';
import { freePortBlock, startStack, type Stack } from '@dp/local';
import { apiClient, eventually, recordResources, requireInfrastructure, TEST_AMQP_URL, TEST_DATABASE_URL, uniqueNamespace } from '@dp/testing';
import { dropNamespace, namespaceResources } from '../support/stack';

/** The launcher behind `npm start`, driven the way a user drives it: through its environment variables. */
const root = path.resolve(__dirname, '../..');
const PORT_VARS = ['PORT', 'IDENTITY_PORT', 'CONTENT_PORT', 'SITES_PORT', 'OPENAPI_PORT', 'INTEGRATIONS_PORT', 'TRANSLATIONS_PORT'];

/** The caller's environment without anything that would pick ports, prefixes or URLs for the launcher. */
function baseEnv(extra: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'silent', DB_POOL_MAX: '2' };
  for (const name of [...PORT_VARS, 'QUEUE_PREFIX', 'DB_SCHEMA_PREFIX', 'AMQP_EXCHANGE', 'PUBLIC_URL', 'APP_URL', 'DATABASE_URL', 'AMQP_URL']) delete env[name];
  return { ...env, ...extra };
}

/** Environment of a stack of its own on the shared PostgreSQL and RabbitMQ. */
function ownStackEnv(ns: string, extra: NodeJS.ProcessEnv = {}) {
  recordResources(namespaceResources(ns));
  return baseEnv({ DATABASE_URL: TEST_DATABASE_URL, AMQP_URL: TEST_AMQP_URL, QUEUE_PREFIX: ns, DB_SCHEMA_PREFIX: ns, ...extra });
}

const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/** `npm start` in a process group of its own; resolves when it has exited, with its output. */
function npmStart(env: NodeJS.ProcessEnv) {
  const child = spawn('npm', ['start'], { cwd: root, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

const groupAlive = (pgid: number) => {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
};

beforeAll(() => requireInfrastructure());

describe('two stacks side by side', () => {
  const namespaces = [uniqueNamespace('lna'), uniqueNamespace('lnb')];
  const stacks: Stack[] = [];
  afterAll(async () => {
    for (const stack of stacks) await stack.stop();
    for (const ns of namespaces) await dropNamespace(ns);
  });

  test('When two stacks boot with their own prefixes and no ports set, Then each gets its own ports and serves its own data, with links to its own gateway', async () => {
    for (const ns of namespaces) stacks.push(await startStack({ env: ownStackEnv(ns) }));
    const [a, b] = stacks;
    const portsOf = (s: Stack) => Object.values(s.ports);
    expect(new Set([...portsOf(a), ...portsOf(b)]).size).toBe(14);

    for (const stack of stacks) {
      const call = apiClient(stack.baseUrl);
      // Plain fetch: the index is ours, not an operation of the official API the test client checks against.
      const index = await fetch(`${stack.baseUrl}/v1`);
      expect(index.status).toBe(200);
      expect(await index.json()).toMatchObject({ name: 'Docs Platform API', links: { health: '/health', docs: '/docs' }, services: { identity: 'deployed', translations: 'deployed' } });
      const user = await call('POST', '/v1/admin/users', { token: stack.adminToken, body: { email: 'ada@example.com', displayName: 'Ada' } });
      expect(user.status).toBe(201);
      // PUBLIC_URL is unset: links follow the gateway's port.
      expect(user.body.user.urls.location).toBe(`http://localhost:${stack.ports.gateway}/v1/users/${user.body.user.id}`);
      const org = await call('POST', '/v1/orgs', { token: user.body.token, body: { title: 'Acme' } });
      expect(org.status).toBe(201);
      // Its urls.app leads to a page saying what it is, not a 404 (docs/adr/0064).
      const appPage = await fetch(org.body.urls.app.replace(`http://localhost:${stack.ports.gateway}`, stack.baseUrl));
      expect(appPage.status).toBe(200);
      expect(await appPage.text()).toContain(`${stack.baseUrl.replace('127.0.0.1', 'localhost')}/v1/orgs/${org.body.id}`);
      // The other stack has never heard of this token: separate schemas.
      const other = stacks.find((s) => s !== stack)!;
      expect((await apiClient(other.baseUrl)('GET', '/v1/user', { token: user.body.token })).status).toBe(401);
    }

    // Each stack's events reach its own consumers only (own exchange and queues): content copies each user once.
    const copies = await Promise.all(
      namespaces.map(async (ns) => {
        const db = knex({ client: 'pg', connection: TEST_DATABASE_URL, pool: { min: 0, max: 1 } });
        try {
          return await eventually(async () => {
            const rows = await db.withSchema(`${ns}content`).from('users').where({ email: 'ada@example.com' });
            return rows.length > 0 && rows.length;
          });
        } finally {
          await db.destroy();
        }
      }),
    );
    expect(copies).toEqual([1, 1]);
  }, 180_000);
});

describe('npm start', () => {
  test.each(['SIGTERM', 'SIGINT'] as const)('When the npm process gets %s, Then every port closes and no process of the stack is left', async (signal) => {
    const ns = uniqueNamespace('lnsig');
    const ports = await freePortBlock(21000 + Math.floor(Math.random() * 500) * 10, 7);
    const env = ownStackEnv(ns, Object.fromEntries(PORT_VARS.map((name, i) => [name, String(ports[i])])));
    const npm = npmStart(env);
    try {
      await eventually(() => npm.output().includes('is up') || npm.child.exitCode !== null, 150_000, 200);
      expect(npm.output()).toContain(`http://127.0.0.1:${ports[0]}/v1`);
      // A new user finds the API reference from the banner.
      expect(npm.output()).toContain(`API reference: http://127.0.0.1:${ports[0]}/docs`);
      expect((await fetch(`http://127.0.0.1:${ports[0]}/v1`)).status).toBe(200);

      process.kill(npm.child.pid!, signal);
      expect(await npm.exited).toBe(0);
      await eventually(() => !groupAlive(npm.child.pid!), 10_000);
      expect(await Promise.all(ports.map(listening))).toEqual(ports.map(() => false));
    } finally {
      if (groupAlive(npm.child.pid!)) process.kill(-npm.child.pid!, 'SIGKILL');
      await dropNamespace(ns);
    }
  }, 200_000);

  // Each a different fix: the line says which (issue 22), not "does not answer" for all.
  const missingDatabase = Object.assign(new URL(TEST_DATABASE_URL), { pathname: `/dp_missing_${process.pid}` }).toString();
  test.each([
    ['DATABASE_URL', 'nothing listens', { DATABASE_URL: 'postgres://postgres@127.0.0.1:1/nowhere' }, /npm start: PostgreSQL at DATABASE_URL=postgres:\/\/postgres@127\.0\.0\.1:1\/nowhere: nothing listening there \(connect ECONNREFUSED 127\.0\.0\.1:1\)/],
    ['DATABASE_URL', 'names a database that does not exist', { DATABASE_URL: missingDatabase }, new RegExp(`npm start: PostgreSQL at DATABASE_URL=.*: database "dp_missing_${process.pid}" does not exist: create it`)],
    ['DATABASE_URL', 'is not a URL', { DATABASE_URL: 'localhost:5432' }, /npm start: PostgreSQL at DATABASE_URL=localhost:5432: not a postgres:\/\/ URL/],
    ['AMQP_URL', 'nothing listens', { DATABASE_URL: TEST_DATABASE_URL, AMQP_URL: 'amqp://guest:guest@127.0.0.1:1' }, /npm start: RabbitMQ at AMQP_URL=amqp:\/\/guest:\*\*\*@127\.0\.0\.1:1: nothing listening there/],
    ['AMQP_URL', 'has a wrong password', { DATABASE_URL: TEST_DATABASE_URL, AMQP_URL: TEST_AMQP_URL.replace(/\/\/([^:@/]+)(:[^@/]*)?@/, '//$1:wrong-password@') }, /npm start: RabbitMQ at AMQP_URL=amqp:\/\/\w+:\*\*\*@.*: authentication failed/],
  ])('When %s %s, Then npm start says which it is and exits 1 without falling back to an embedded server', async (_name, _case, urls, message) => {
    const npm = npmStart(baseEnv(urls));
    expect(await npm.exited).toBe(1);
    expect(npm.output()).toMatch(message);
  }, 60_000);
});
