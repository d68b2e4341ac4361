import { requireInfrastructure, TEST_DATABASE_URL } from '@dp/testing';
import { createDb, inSnapshot, type Db } from '../src';

const schema = `snap_${Math.random().toString(36).slice(2, 8)}`;
let db: Db;

beforeAll(async () => {
  await requireInfrastructure();
  db = createDb({ url: TEST_DATABASE_URL, schema, poolMax: 2 });
  await db.raw('create schema if not exists ??', [schema]);
  await db.raw('create table pages (id int primary key, path text not null)');
  await db('pages').insert([{ id: 1, path: 'platform/guide' }, { id: 2, path: 'legacy' }]);
});
afterAll(async () => {
  await db.raw('drop schema if exists ?? cascade', [schema]);
  await db.destroy();
});

test('When another transaction commits between two reads of a snapshot, Then the second read still sees the state of the first', async () => {
  const seen = await inSnapshot(db, async (trx) => {
    const before = await trx('pages').orderBy('id').pluck('path');
    // Another connection (a worker) moves one page and deletes the other, and commits.
    await db.transaction(async (other) => {
      await other('pages').where({ id: 1 }).update({ path: 'infra/guide' });
      await other('pages').where({ id: 2 }).delete();
    });
    const after = await trx('pages').orderBy('id').pluck('path');
    return { before, after };
  });
  expect(seen).toEqual({ before: ['platform/guide', 'legacy'], after: ['platform/guide', 'legacy'] });
  expect(await db('pages').orderBy('id').pluck('path')).toEqual(['infra/guide']);
});

test('When a snapshot tries to write, Then PostgreSQL refuses it: it is for reads only', async () => {
  await expect(inSnapshot(db, (trx) => trx('pages').insert({ id: 3, path: 'x' }))).rejects.toThrow(/read-only transaction/);
});
