import { requireInfrastructure, TEST_DATABASE_URL } from '@dp/testing';
import { createDb, migrate, sqlMigration } from '../src';
import { outboxInboxMigrations } from '../src/outbox-inbox-migrations';

const schema = `mig_${Math.random().toString(36).slice(2, 8)}`;
const migrations = [sqlMigration('20260101000000_create_things', 'create table if not exists things (id int primary key)')];

beforeAll(requireInfrastructure);
afterAll(async () => {
  const db = createDb({ url: TEST_DATABASE_URL, schema });
  await db.raw('drop schema if exists ?? cascade', [schema]);
  await db.destroy();
});

test('When four processes migrate an empty schema at once, Then all succeed and each migration runs once', async () => {
  const dbs = Array.from({ length: 4 }, () => createDb({ url: TEST_DATABASE_URL, schema, poolMax: 2 }));
  try {
    const results = await Promise.all(dbs.map((db) => migrate(db, schema, migrations)));
    expect(results.flat().sort()).toEqual(['00000000000001_create_outbox', '00000000000002_create_inbox', '00000000000003_add_outbox_trace_context', '20260101000000_create_things']);
    const rows = await dbs[0]('knex_migrations').select('name');
    expect(rows).toHaveLength(4);
    expect(await migrate(dbs[0], schema, migrations)).toEqual([]);
  } finally {
    await Promise.all(dbs.map((db) => db.destroy()));
  }
});

test('When an earlier version\'s migrator died holding knex\'s lock row, Then the next one migrates anyway', async () => {
  const db = createDb({ url: TEST_DATABASE_URL, schema, poolMax: 2 });
  try {
    await migrate(db, schema, migrations);
    // What a process of an earlier version, killed between knex's lock and its release, left behind.
    await db.raw('create table if not exists knex_migrations_lock (index serial primary key, is_locked integer)');
    await db('knex_migrations_lock').insert({ is_locked: 1 });
    const more = [...migrations, sqlMigration('20260101000001_create_others', 'create table if not exists others (id int primary key)')];
    expect(await migrate(db, schema, more)).toEqual(['20260101000001_create_others']);
    expect(await db('knex_migrations').where({ name: '20260101000001_create_others' }).select('batch')).toEqual([{ batch: 2 }]);
  } finally {
    await db.destroy();
  }
});

test('When a pool of one connection migrates, Then it does not wait on itself; a failing migration leaves nothing of its batch behind', async () => {
  const own = `mig_${Math.random().toString(36).slice(2, 8)}`;
  const db = createDb({ url: TEST_DATABASE_URL, schema: own, poolMax: 1 });
  try {
    expect(await migrate(db, own, migrations)).toContain('20260101000000_create_things');
    const broken = [...migrations, sqlMigration('20260101000001_create_a', 'create table a (id int)'), sqlMigration('20260101000002_fail', 'select * from no_such_table')];
    await expect(migrate(db, own, broken)).rejects.toThrow(/no_such_table/);
    const { rows } = await db.raw("select count(*)::int as n from information_schema.tables where table_schema = ? and table_name = 'a'", [own]);
    expect(rows[0].n).toBe(0);
    expect(await db('knex_migrations').where('name', 'like', '20260101000001%').select('name')).toEqual([]);
  } finally {
    await db.raw('drop schema if exists ?? cascade', [own]);
    await db.destroy();
  }
});

test('When an outbox made before trace contexts were kept is migrated, Then its rows stay and gain the trace columns; running that migration again changes nothing', async () => {
  const old = `mig_${Math.random().toString(36).slice(2, 8)}`;
  const db = createDb({ url: TEST_DATABASE_URL, schema: old, poolMax: 2 });
  try {
    await db.raw('create schema ??', [old]);
    for (const m of outboxInboxMigrations.slice(0, 2)) await m.up(db);
    await db('outbox').insert({ id: '6f1c1a52-0a4e-4a57-9f3c-3c1f5b0c2a11', type: 'x.y.z', event: '{}' });

    expect(await migrate(db, old, [])).toEqual(['00000000000001_create_outbox', '00000000000002_create_inbox', '00000000000003_add_outbox_trace_context']);
    await outboxInboxMigrations[2].up(db);

    expect(await db('outbox').select('type', 'traceparent', 'tracestate')).toEqual([{ type: 'x.y.z', traceparent: null, tracestate: null }]);
  } finally {
    await db.raw('drop schema if exists ?? cascade', [old]);
    await db.destroy();
  }
});
