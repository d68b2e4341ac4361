import type { JSONSchema } from 'json-schema-to-ts';
import { DEFAULT_LIMIT, MAX_LIMIT, decodeCursor, encodeCursor, type ListParams, type Page } from '@dp/db';

/**
 * The list side of keyset pagination (docs/adr/0004): the list query, the list envelope and in-memory pages.
 * The page, its token and the one keyset paginator (`paginate`) are @dp/db's; re-exported here for the
 * handlers that read a list's query and present its page.
 */
export { DEFAULT_LIMIT, MAX_LIMIT, decodeCursor, encodeCursor, type ListParams, type Page };

export const listQuerySchema = {
  page: { type: 'string', maxLength: 200, description: 'Token of the results page to fetch, taken from next.page' },
  limit: { type: 'integer', minimum: 1, maximum: MAX_LIMIT, default: DEFAULT_LIMIT },
} as const;

type ListFilters = Readonly<Record<string, JSONSchema>>;

/** The JSON Schema of a page of a list (`presentPage`): its items, the total count, the next page's token. */
export function listResponse<const I extends JSONSchema>(item: I) {
  return {
    type: 'object',
    properties: {
      next: { type: 'object', properties: { page: { type: 'string' } }, required: ['page'], additionalProperties: false },
      count: { type: 'integer', minimum: 0 },
      items: { type: 'array', items: item },
    },
    required: ['count', 'items'],
    additionalProperties: false,
  } as const;
}

/** The query schema `listQuery(extra)` returns: page and limit, plus the filters with their literal schema types. */
export interface ListQuerySchema<E extends ListFilters> {
  readonly type: 'object';
  readonly properties: typeof listQuerySchema & E;
  readonly additionalProperties: true;
}

/**
 * Query schema of a list endpoint, with extra filters. Generic over the filters (`const E`) so each keeps its
 * literal schema type and `FromSchema` of the result types them too, not only `page` and `limit`.
 */
export function listQuery(): ListQuerySchema<Record<never, never>>;
export function listQuery<const E extends ListFilters>(extra: E): ListQuerySchema<E>;
export function listQuery(extra: ListFilters = {}): ListQuerySchema<ListFilters> {
  return { type: 'object', properties: { ...listQuerySchema, ...extra }, additionalProperties: true };
}

/** Wire shape of a list: `{next?: {page}, count, items}` with each row presented. */
export function presentPage<Row, Out>(page: Page<Row>, present: (row: Row) => Out) {
  return { ...(page.next ? { next: page.next } : {}), count: page.count, items: page.items.map(present) };
}

/** A bound on what one page holds besides its item count: the items' total `weight` stays within `max`. */
export interface PageBudget<T> {
  weight: (item: T) => number;
  max: number;
}

/**
 * Pagination of an in-memory list that does not change under the reader (e.g. the files of an immutable
 * revision): the page token is the position after the last item returned. With a `budget`, a page also ends
 * before the item that would take its total weight past `budget.max` (it still holds at least one item), so
 * an answer whose items each present many objects stays bounded whatever `limit` asks (docs/adr/0061).
 */
export function paginateArray<T>(items: T[], params: ListParams, budget?: PageBudget<T>): Page<T> {
  const limit = params.limit ?? DEFAULT_LIMIT;
  const start = params.page ? Number(decodeCursor(params.page)) : 0;
  let end = Math.min(start + limit, items.length);
  if (budget) {
    let spent = 0;
    for (let i = start; i < end; i++) {
      spent += budget.weight(items[i]);
      if (spent > budget.max && i > start) end = i;
    }
  }
  return { items: items.slice(start, end), count: items.length, ...(end < items.length ? { next: { page: encodeCursor(end) } } : {}) };
}
