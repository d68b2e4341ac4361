import { requireInfrastructure, TEST_DATABASE_URL } from '@dp/testing';
import { createDb, runPrepared, statement, type Db } from '../src';

const schema = `prep_${Math.random().toString(36).slice(2, 8)}`;
const byId = statement('test_things_by_id', 'select id, label from things where id = $1');
let db: Db;

beforeAll(async () => {
  await requireInfrastructure();
  // One connection: the statement prepared by the first call is the one the second call finds.
  db = createDb({ url: TEST_DATABASE_URL, schema, poolMax: 1 });
  await db.raw('create schema if not exists ??', [schema]);
  await db.raw('create table things (id int primary key, label text not null)');
  await db('things').insert({ id: 1, label: 'one' });
});
afterAll(async () => {
  await db.raw('drop schema if exists ?? cascade', [schema]);
  await db.destroy();
});

test('When a named statement runs twice on the pool, Then it reads the schema the db is bound to and is prepared once on the connection', async () => {
  expect(await runPrepared(db, byId, [1])).toEqual([{ id: 1, label: 'one' }]);
  expect(await runPrepared(db, byId, [2])).toEqual([]);
  const { rows } = await db.raw<{ rows: Array<{ name: string }> }>('select name from pg_prepared_statements where name = ?', [byId.name]);
  expect(rows).toEqual([{ name: byId.name }]);
});

test('When a named statement runs in a transaction, Then it sees the transaction\'s uncommitted rows and leaves the connection to it', async () => {
  await db.transaction(async (trx) => {
    await trx('things').insert({ id: 3, label: 'three' });
    expect(await runPrepared(trx, byId, [3])).toEqual([{ id: 3, label: 'three' }]);
    await trx('things').where({ id: 3 }).update({ label: 'drei' });
    expect(await runPrepared(trx, byId, [3])).toEqual([{ id: 3, label: 'drei' }]);
    await trx.rollback();
  }).catch(() => undefined);
  expect(await runPrepared(db, byId, [3])).toEqual([]);
});

test('When a statement name is not a plain identifier, Then it is refused', () => {
  expect(() => statement('bad name; drop', 'select 1')).toThrow(/invalid statement name/);
});
