import knex from 'knex';
import { dropResources, requireInfrastructure, TEST_DATABASE_URL, uniqueNamespace } from '@dp/testing';
import { contexts } from '../src/deployment';
import { admin, adminEnv, adminJson, adminProcess } from './support';

/**
 * `migrate` and `outbox` on the real PostgreSQL, on a deployment no service has started: the CLI creates and
 * migrates the schemas itself, and shows what the (absent) relays have not published.
 */
const ns = uniqueNamespace('admmig');
const env = adminEnv(ns);
const db = knex({ client: 'pg', connection: TEST_DATABASE_URL, pool: { min: 0, max: 1 } });

const tablesOf = async (schema: string): Promise<string[]> =>
  (await db('information_schema.tables').where({ table_schema: schema }).pluck('table_name')).sort();

type Migrated = { context: string; schema: string; applied: string[] };
type Backlog = { context: string; schema: string; migrated: boolean; unpublished: number; oldestAt: string | null; oldestAgeSeconds: number | null; failing: number; lastError: string | null };

beforeAll(() => requireInfrastructure());

afterAll(async () => {
  await db.destroy();
  await dropResources({ schemas: contexts.map((context) => `${ns}${context}`) });
}, 30_000);

test('When migrate runs through the npm script for some contexts, Then their schemas are created and migrated, and a second run applies nothing', async () => {
  const first = await adminProcess(env, 'migrate', '--context', 'identity', 'content', '--json');
  expect(first).toMatchObject({ code: 0, stderr: '' });
  const migrated = JSON.parse(first.stdout) as Migrated[];
  expect(migrated.map(({ context, schema }) => ({ context, schema }))).toEqual([
    { context: 'identity', schema: `${ns}identity` },
    { context: 'content', schema: `${ns}content` },
  ]);
  for (const { applied } of migrated) expect(applied).toEqual(expect.arrayContaining(['00000000000001_create_outbox', '00000000000002_create_inbox']));
  expect(migrated[0].applied).toContain('20261122000001_create_users_and_tokens');
  expect(await tablesOf(`${ns}identity`)).toEqual(expect.arrayContaining(['api_tokens', 'inbox', 'knex_migrations', 'outbox', 'users']));
  expect(await tablesOf(`${ns}content`)).toEqual(expect.arrayContaining(['outbox', 'spaces']));
  expect(await tablesOf(`${ns}sites`)).toEqual([]);

  const again = await admin(env, 'migrate', '--context', 'identity', 'content');
  expect(again.code).toBe(0);
  expect(again.stdout).toMatch(new RegExp(`^identity\\s+${ns}identity\\s+none \\(up to date\\)$`, 'm'));
  expect(again.stdout).toMatch(new RegExp(`^content\\s+${ns}content\\s+none \\(up to date\\)$`, 'm'));
}, 60_000);

test('When events wait in an outbox, Then outbox shows per context how many and how old the oldest is; an unmigrated context says so', async () => {
  await adminJson(env, 'migrate', '--context', 'identity', 'content');
  const empty = await adminJson<Backlog[]>(env, 'outbox');
  expect(empty.map((b) => [b.context, b.migrated, b.unpublished])).toEqual(contexts.map((c) => [c, c === 'identity' || c === 'content', 0]));

  // No relay runs: the user's creation (identity.user.created) and its organization's two events stay in the outbox.
  await adminJson(env, 'users', 'create', '--email', `outbox.${Date.now()}@example.com`, '--name', 'Outbox', '--org', 'Backlog Inc');
  const [identity] = await adminJson<Backlog[]>(env, 'outbox', '--context', 'identity');
  expect(identity).toEqual({ context: 'identity', schema: `${ns}identity`, migrated: true, unpublished: 3, oldestAt: expect.any(String), oldestAgeSeconds: expect.any(Number), failing: 0, lastError: null });
  expect(Date.parse(identity.oldestAt!)).toBeGreaterThan(Date.now() - 60_000);
  expect(identity.oldestAgeSeconds).toBeLessThan(60);

  const text = await admin(env, 'outbox');
  expect(text.code).toBe(0);
  expect(text.stdout).toMatch(/^CONTEXT\s+SCHEMA\s+UNPUBLISHED\s+OLDEST\s+FAILED ATTEMPTS\s+LAST ERROR$/m);
  expect(text.stdout).toMatch(new RegExp(`^identity\\s+${ns}identity\\s+3\\s+\\d+s\\s+0\\s+-$`, 'm'));
  expect(text.stdout).toMatch(new RegExp(`^content\\s+${ns}content\\s+0\\s+-\\s+0\\s+-$`, 'm'));
  expect(text.stdout).toMatch(new RegExp(`^sites\\s+${ns}sites\\s+0\\s+no outbox \\(not migrated\\)`, 'm'));
}, 60_000);

test('When ADMIN_DB_SCHEMAS names a context’s schema, Then the CLI uses it instead of the prefixed default', async () => {
  const [moved] = await adminJson<Backlog[]>(adminEnv(ns, { ADMIN_DB_SCHEMAS: `content=${ns}identity` }), 'outbox', '--context', 'content');
  expect(moved).toMatchObject({ context: 'content', schema: `${ns}identity`, migrated: true });
  const bad = await admin(adminEnv(ns, { ADMIN_DB_SCHEMAS: 'content' }), 'outbox');
  expect(bad).toEqual({ code: 1, stdout: '', stderr: 'error: ADMIN_DB_SCHEMAS: "content" is not context=schema\n' });
});

test('When a command names an unknown context, or the database does not answer, Then it exits 1 with a clear message', async () => {
  const unknown = await admin(env, 'migrate', '--context', 'identity', 'billing');
  expect(unknown).toEqual({ code: 1, stdout: '', stderr: `error: unknown context "billing" (one of: ${contexts.join(', ')})\n` });
  const down = await admin(adminEnv(ns, { DATABASE_URL: 'postgres://postgres:secret@127.0.0.1:1/test' }), 'outbox');
  expect(down.code).toBe(1);
  expect(down.stderr).toMatch(/^error: PostgreSQL does not answer at DATABASE_URL=postgres:\/\/postgres:\*\*\*@127\.0\.0\.1:1\/test: .*ECONNREFUSED/);
});

test('When a command is misused or asked for help, Then commander answers: usage and exit 1, or the help and exit 0', async () => {
  const help = await admin(env, 'migrate', '--help');
  expect(help.code).toBe(0);
  expect(help.stdout).toContain('Usage: admin migrate [options]');
  expect(help.stdout).toContain('--context <name...>');
  const missing = await admin(env, 'users', 'create', '--email', 'x@example.com');
  expect(missing.code).toBe(1);
  expect(missing.stderr).toContain("error: required option '--name <name>' not specified");
  const unknown = await admin(env, 'frobnicate');
  expect(unknown.code).toBe(1);
  expect(unknown.stderr).toContain("error: unknown command 'frobnicate'");
});
