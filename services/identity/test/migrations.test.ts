import { createDb, migrate, type Db } from '@dp/db';
import { dropResources, requireInfrastructure, TEST_DATABASE_URL, uniqueNamespace } from '@dp/testing';
import { migrations } from '../migrations';

/**
 * The gateway no longer reads identity's schema (ADR 0021): on a schema that had the principal function and
 * granted the old `gateway` role USAGE, the migrations drop the one and revoke the other, and run twice.
 */
const schema = `${uniqueNamespace('idmig')}identity`;
let db: Db;

beforeAll(async () => {
  await requireInfrastructure();
  db = createDb({ url: TEST_DATABASE_URL, schema, poolMax: 2 });
  // The role older deployments have (roles are cluster-wide: another run may be creating it too).
  await db.raw(`do $$ begin create role gateway nologin; exception when duplicate_object or unique_violation then null; end $$`);
});
afterAll(async () => {
  await db?.destroy();
  await dropResources({ schemas: [schema] });
});

test('When the migrations run (twice) over a schema that granted the gateway its function, Then the function and the grant are gone and staff tokens stay', async () => {
  const upToFunction = migrations.filter((m) => m.name <= '20261122000003_principal_function');
  await migrate(db, schema, upToFunction);
  const granted = async () => (await db.raw(`select has_schema_privilege('gateway', ?, 'usage') as ok`, [schema])).rows[0].ok;
  const functions = async () => (await db.raw(`select count(*)::int as n from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = ? and p.proname = 'principal_for_token_hash'`, [schema])).rows[0].n;
  expect(await granted()).toBe(true);
  expect(await functions()).toBe(1);

  await migrate(db, schema, migrations);
  await migrate(db, schema, migrations);
  expect(await granted()).toBe(false);
  expect(await functions()).toBe(0);
  expect((await db.raw(`select to_regclass(?) as t`, [`"${schema}".staff_tokens`])).rows[0].t).not.toBeNull();
});
