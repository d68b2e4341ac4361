import type { Knex } from 'knex';
import { DEFAULT_LIMIT, decodeCursor, encodeCursor, type ListParams, type Page } from '@dp/http';

export interface PaginateOptions {
  /** Column holding the keyset key; default `seq`. */
  key?: string;
  order?: 'asc' | 'desc';
}

/**
 * Runs a list query one page at a time. `query` is the filtered base query (no order, no limit);
 * `count` is the total number of rows matching it. Build it on the pool, not a transaction: the page and
 * the count run in parallel, which one transaction connection cannot do.
 */
export async function paginate<Row extends Record<string, any>>(
  query: Knex.QueryBuilder,
  params: ListParams,
  { key = 'seq', order = 'asc' }: PaginateOptions = {},
): Promise<Page<Row>> {
  const limit = params.limit ?? DEFAULT_LIMIT;
  const countQuery = query.clone().clearSelect().clearOrder().count<{ count: string }[]>({ count: '*' });
  const pageQuery = query.clone().orderBy(key, order).limit(limit + 1);
  if (params.page) pageQuery.where(key, order === 'asc' ? '>' : '<', decodeCursor(params.page));
  const [rows, [{ count }]] = await Promise.all([pageQuery as Promise<Row[]>, countQuery]);
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  const keyName = key.includes('.') ? key.split('.').pop()! : key;
  return {
    items,
    count: Number(count),
    ...(rows.length > limit && last ? { next: { page: encodeCursor(last[keyName]) } } : {}),
  };
}
