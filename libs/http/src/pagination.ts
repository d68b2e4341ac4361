import type { Knex } from 'knex';
import { badRequest } from './errors';

/**
 * Keyset pagination over a unique, monotonically increasing key (`seq` on every listed table). The page
 * token is the opaque base64url of the last key seen, so rows inserted between two page reads never shift
 * a page: each existing row is listed exactly once, and the cost of a page does not depend on its position.
 */
export const DEFAULT_LIMIT = 50;
export const MAX_LIMIT = 1000;

export const listQuerySchema = {
  page: { type: 'string', maxLength: 200, description: 'Token of the results page to fetch, taken from next.page' },
  limit: { type: 'integer', minimum: 1, maximum: MAX_LIMIT, default: DEFAULT_LIMIT },
} as const;

/** Query schema of a list endpoint, with extra filters. */
export function listQuery(extra: Record<string, object> = {}) {
  return { type: 'object', properties: { ...listQuerySchema, ...extra }, additionalProperties: true } as const;
}

export interface ListParams {
  page?: string;
  limit?: number;
}

export interface Page<T> {
  items: T[];
  next?: { page: string };
  count: number;
}

export function encodeCursor(key: string | number): string {
  return Buffer.from(JSON.stringify({ k: String(key) })).toString('base64url');
}

export function decodeCursor(page: string): string {
  try {
    const parsed = JSON.parse(Buffer.from(page, 'base64url').toString('utf8')) as { k?: unknown };
    if (typeof parsed.k === 'string' && /^\d{1,19}$/.test(parsed.k)) return parsed.k;
  } catch {
    // fall through
  }
  throw badRequest('query.page is not a valid page token');
}

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

/** Wire shape of a list: `{next?: {page}, count, items}` with each row presented. */
export function presentPage<Row, Out>(page: Page<Row>, present: (row: Row) => Out) {
  return { ...(page.next ? { next: page.next } : {}), count: page.count, items: page.items.map(present) };
}

/**
 * Pagination of an in-memory list that does not change under the reader (e.g. the files of an immutable
 * revision): the page token is the position after the last item returned.
 */
export function paginateArray<T>(items: T[], params: ListParams): Page<T> {
  const limit = params.limit ?? DEFAULT_LIMIT;
  const start = params.page ? Number(decodeCursor(params.page)) : 0;
  const slice = items.slice(start, start + limit);
  return { items: slice, count: items.length, ...(start + limit < items.length ? { next: { page: encodeCursor(start + limit) } } : {}) };
}
