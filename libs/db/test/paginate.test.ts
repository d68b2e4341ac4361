import { HttpError } from '@dp/errors';
import { schemaForFile } from '@dp/testing';
import { encodeCursor, paginate, type OrderKey, type Page } from '../src';

// The one keyset paginator (docs/adr/0004, 0065) on the real database: on one key (`seq`, qualified or not,
// either direction) and on several (sibling and structure order, computed keys through a wrapped query).
const { schema, db } = schemaForFile('paginate', 'pages');

interface Item {
  seq: string;
  name: string;
  position: number;
}
const SIBLING: readonly OrderKey[] = [
  { column: 'position', type: 'double precision' },
  { column: 'seq', type: 'bigint' },
];

beforeAll(async () => {
  await db.raw('create schema if not exists ??', [schema]);
  await db.raw('create table items (seq bigserial primary key, name text not null, position double precision not null)');
  // Positions out of seq order, with a tie (1.5) that seq breaks.
  await db('items').insert(['a', 'b', 'c', 'd', 'e'].map((name, i) => ({ name, position: [3, 1.5, 1.5, 0.25, 2][i] })));
});

/** Every item, page after page of `limit`, with `between` run before each next page. */
async function all(read: (page?: string) => Promise<Page<Item>>, between: () => Promise<unknown> = async () => undefined): Promise<string[]> {
  const names: string[] = [];
  for (let page: string | undefined, pages = 0; pages < 20; pages++) {
    const result = await read(page);
    names.push(...result.items.map((i) => i.name));
    if (!result.next) return names;
    page = result.next.page;
    await between();
  }
  throw new Error('more than 20 pages');
}

test('When a list is read by pages on seq, ascending or descending, Then each row is listed once, a row inserted meanwhile shifting nothing', async () => {
  expect(await all((page) => paginate<Item>(db('items'), { page, limit: 2 }))).toEqual(['a', 'b', 'c', 'd', 'e']);
  expect(await all((page) => paginate<Item>(db('items').where('name', '<', 'x'), { page, limit: 2 }, { order: 'desc' }))).toEqual(['e', 'd', 'c', 'b', 'a']);
  let added = 0;
  const inserted = await all(
    (page) => paginate<Item>(db('items as i').select('i.*').where('i.name', '<', 'x'), { page, limit: 2 }, { key: 'i.seq' }),
    () => db('items').insert({ name: `x${added++}`, position: 0 }),
  );
  expect(inserted).toEqual(['a', 'b', 'c', 'd', 'e']);
  await db('items').where('name', '>=', 'x').delete();
});

test('When a list is read by pages in sibling order, Then it follows position then seq, and counts every row', async () => {
  const first = await paginate<Item>(db('items'), { limit: 2 }, { keys: SIBLING });
  expect(first.count).toBe(5);
  expect(await all((page) => paginate<Item>(db('items'), { page, limit: 2 }, { keys: SIBLING }))).toEqual(['d', 'b', 'c', 'e', 'a']);
});

test('When the keys are computed columns, Then the wrapped query pages on them', async () => {
  const ranked = () => db.from(db('items').select('name', 'seq', db.raw('(case when position > 1.5 then 0 else 1 end)::double precision as band')).as('ordered'));
  const keys: readonly OrderKey[] = [
    { column: 'band', type: 'double precision' },
    { column: 'seq', type: 'bigint' },
  ];
  expect(await all((page) => paginate<Item>(ranked(), { page, limit: 3 }, { keys }))).toEqual(['a', 'e', 'b', 'c', 'd']);
});

test('When the first key is text (a name), Then pages follow it then seq, and a forged text key with a NUL is a 400', async () => {
  const BY_NAME: readonly OrderKey[] = [
    { column: 'name', type: 'text' },
    { column: 'seq', type: 'bigint' },
  ];
  expect(await all((page) => paginate<Item>(db('items'), { page, limit: 2 }, { keys: BY_NAME, order: 'desc' }))).toEqual(['e', 'd', 'c', 'b', 'a']);
  await expect(paginate<Item>(db('items'), { page: encodeCursor(['a\u0000', '1']), limit: 2 }, { keys: BY_NAME })).rejects.toThrow(HttpError);
});

test('When a page token is forged, Then it is a 400, a key past the bigint range included (PostgreSQL would fail the query)', async () => {
  for (const page of ['abc', encodeCursor('1; drop'), encodeCursor(['1', '2']), encodeCursor('9223372036854775808'), encodeCursor('9999999999999999999')]) {
    await expect(paginate<Item>(db('items'), { page })).rejects.toThrow(HttpError);
  }
  for (const page of [encodeCursor('2'), encodeCursor(['NaN', '1']), encodeCursor(['1.5', '99999999999999999999'])]) {
    await expect(paginate<Item>(db('items'), { page }, { keys: SIBLING })).rejects.toMatchObject({ status: 400 });
  }
  // The largest bigint is a key like any other: nothing after it.
  expect((await paginate<Item>(db('items'), { page: encodeCursor('9223372036854775807') })).items).toEqual([]);
});
