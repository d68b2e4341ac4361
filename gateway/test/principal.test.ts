import pg from 'pg';
import { hashApiToken } from '@dp/auth';
import { createDb, migrate, type Db } from '@dp/db';
import { HttpError } from '@dp/http';
import { createLogger } from '@dp/log';
import { dropResources, requireInfrastructure, TEST_DATABASE_URL, uniqueNamespace } from '@dp/testing';
import { migrations } from '../../services/identity/migrations';
import { saveStaffTokenHash } from '../../services/identity/src/data/staff-tokens';
import { principalResolver } from '../src/auth';

/**
 * The gateway's side of authentication on the real PostgreSQL: identity's migrations create
 * principal_for_token_hash in a schema of their own, rows are written the way identity writes them, and the
 * gateway's resolver (bound to that schema, as in production) turns tokens into callers.
 */
const log = createLogger('principal-test', 'silent');
const schema = `${uniqueNamespace('principal')}identity`;
let db: Db;

beforeAll(async () => {
  await requireInfrastructure();
  // The role infra/postgres creates; identity's migration grants it EXECUTE when it exists. Roles are
  // cluster-wide: another test file may be creating it at the same moment.
  db = createDb({ url: TEST_DATABASE_URL, schema: 'public' });
  await db.raw(`do $$ begin create role gateway nologin; exception when duplicate_object or unique_violation then null; end $$`);
  await db.destroy();
  db = createDb({ url: TEST_DATABASE_URL, schema });
  await migrate(db, schema, migrations);
  await migrate(db, schema, migrations); // safe to run twice
  await db('users').insert([
    { id: 'u1', email: 'u1@example.com', display_name: 'One' },
    { id: 'u2', email: 'u2@example.com', display_name: 'Two' },
  ]);
  await db('api_tokens').insert([
    { id: 't1', user_id: 'u1', token_hash: hashApiToken('token-one') },
    { id: 't2', user_id: 'u2', token_hash: hashApiToken('token-two') },
    { id: 't3', user_id: 'u1', token_hash: hashApiToken('token-revoked'), revoked_at: new Date() },
  ]);
  await db('organizations').insert([
    { id: 'o1', title: 'One', created_by: 'u1' },
    { id: 'o2', title: 'Two', created_by: 'u1' },
  ]);
  await db('members').insert([
    { organization_id: 'o1', user_id: 'u1', role: 'admin' },
    { organization_id: 'o2', user_id: 'u1', role: 'read' },
    { organization_id: 'o2', user_id: 'u2', role: 'edit', disabled: true },
  ]);
});

afterAll(async () => {
  await db?.destroy();
  await dropResources({ schemas: [schema] });
});

describe('principal lookup (identity function, gateway resolver)', () => {
  test('When a live token is presented, Then the caller is its user with the role in each organization, disabled memberships left out', async () => {
    const resolve = principalResolver(db, log);
    expect(await resolve('token-one')).toEqual({ userId: 'u1', staff: false, memberships: { o1: 'admin', o2: 'read' } });
    expect(await resolve('token-two')).toEqual({ userId: 'u2', staff: false, memberships: {} });
  });

  test('When a role changes or a member is removed, Then the very next lookup says so (no cache)', async () => {
    const resolve = principalResolver(db, log);
    await db('members').where({ organization_id: 'o1', user_id: 'u1' }).update({ role: 'comment' });
    expect((await resolve('token-one')).memberships).toEqual({ o1: 'comment', o2: 'read' });
    await db('members').where({ organization_id: 'o2', user_id: 'u1' }).delete();
    expect((await resolve('token-one')).memberships).toEqual({ o1: 'comment' });
  });

  test('When the token is unknown or revoked, Then 401', async () => {
    const resolve = principalResolver(db, log);
    await expect(resolve('nobody')).rejects.toMatchObject({ status: 401 });
    await expect(resolve('token-revoked')).rejects.toMatchObject({ status: 401 });
  });

  test('When the staff token is recorded by identity, Then it resolves to staff; a replaced one no longer does', async () => {
    const resolve = principalResolver(db, log);
    await saveStaffTokenHash(db, 'admin', hashApiToken('staff-1'));
    expect(await resolve('staff-1')).toEqual({ staff: true, memberships: {} });
    await saveStaffTokenHash(db, 'admin', hashApiToken('staff-2'));
    await expect(resolve('staff-1')).rejects.toMatchObject({ status: 401 });
    expect(await resolve('staff-2')).toEqual({ staff: true, memberships: {} });
  });

  test('When PostgreSQL cannot be reached, Then the lookup fails with 503, never a wrong 401', async () => {
    const down = createDb({ url: 'postgres://postgres@127.0.0.1:1/none', schema });
    try {
      const err = await principalResolver(down, log)('token-one').catch((e: unknown) => e);
      expect(err).toBeInstanceOf(HttpError);
      expect(err).toMatchObject({ status: 503 });
    } finally {
      await down.destroy();
    }
  });

  test('When connected as the gateway role, Then the function answers but no identity table can be read', async () => {
    const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await client.connect();
    try {
      await client.query(`set role gateway; set search_path to "${schema}"`);
      const { rows } = await client.query('select user_id, staff from principal_for_token_hash($1)', [hashApiToken('token-two')]);
      expect(rows).toEqual([{ user_id: 'u2', staff: false }]);
      await expect(client.query('select * from api_tokens')).rejects.toMatchObject({ code: '42501' });
      await expect(client.query('select * from members')).rejects.toMatchObject({ code: '42501' });
    } finally {
      await client.end();
    }
  });
});
