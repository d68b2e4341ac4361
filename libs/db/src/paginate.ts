import type { Knex } from 'knex';
import { DEFAULT_LIMIT, decodeKeys, encodeCursor, type KeyType, type ListParams, type Page } from './page';

/** A key of a list's order: a column of the query (qualified, `t.seq`, is fine) and the SQL type it compares as. */
export interface OrderKey {
  column: string;
  type: KeyType;
}

export interface PaginateOptions {
  /** The one key of the order, a bigint column; default `seq`. */
  key?: string;
  /**
   * Instead of `key`, the keys of an order on several columns (sibling or structure order, docs/adr/0010 and
   * 0038), the last one unique so the order is total. Keys computed in the select (aliases) are columns of
   * the query only once it is wrapped: pass `db.from(query.as('ordered'))`.
   */
  keys?: readonly OrderKey[];
  order?: 'asc' | 'desc';
}

/**
 * The one keyset paginator (docs/adr/0004): runs a list query one page at a time, after the keys of the last
 * row of the page before, so rows inserted or deleted between two page reads never shift a page (an item whose
 * keys change between two reads may show on both sides of the cursor or on neither). `query` is the filtered
 * base query (no order, no limit); `count` is the number of rows matching it. Build it on the pool, not a
 * transaction: the page and the count run in parallel, which one transaction connection cannot do.
 */
export async function paginate<Row extends object>(query: Knex.QueryBuilder, params: ListParams, options: PaginateOptions = {}): Promise<Page<Row>> {
  const { order = 'asc' } = options;
  const keys = options.keys ?? [{ column: options.key ?? 'seq', type: 'bigint' }];
  const limit = params.limit ?? DEFAULT_LIMIT;
  const countQuery = query.clone().clearSelect().clearOrder().count<{ count: string }[]>({ count: '*' });
  const pageQuery = query
    .clone()
    .orderBy(keys.map((k) => ({ column: k.column, order })))
    .limit(limit + 1);
  if (params.page) {
    const after = decodeKeys(params.page, keys.map((k) => k.type));
    const list = (items: string[]) => `(${items.join(', ')})`;
    pageQuery.whereRaw(`${list(keys.map(() => '??'))} ${order === 'asc' ? '>' : '<'} ${list(keys.map((k) => `?::${k.type}`))}`, [...keys.map((k) => k.column), ...after]);
  }
  const [rows, [{ count }]] = await Promise.all([pageQuery as Promise<Row[]>, countQuery]);
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  // A qualified key (`t.seq`) is the row's `seq`.
  const keysOf = (row: Row) => keys.map((k) => String(Reflect.get(row, k.column.split('.').pop()!)));
  return { items, count: Number(count), ...(rows.length > limit && last ? { next: { page: encodeCursor(keysOf(last)) } } : {}) };
}
