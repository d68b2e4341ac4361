import type { Knex } from 'knex';
import { badRequest, DEFAULT_LIMIT, type ListParams, type Page } from '@dp/http';

/**
 * Keyset pagination over an order of several numeric keys, for lists in structure order (sections, site
 * spaces, groups: docs/adr/0038), where no single column is the order. The page token is the last row's
 * keys (opaque base64url); rows created or deleted between two page reads never shift a page, while an item
 * moved between two reads may show up on both sides of the cursor or on neither, as in any list ordered by
 * a value that changes (the same trade as content's sibling order, docs/adr/0010). The last key must be
 * unique (`seq`), so the order is total.
 */
export interface OrderKey {
  /** An output column of the query (an alias is fine: the query is wrapped). */
  column: string;
  type: 'double precision' | 'bigint';
}

const encode = (values: string[]) => Buffer.from(JSON.stringify(values)).toString('base64url');

function decode(page: string, keys: readonly OrderKey[]): string[] {
  try {
    const values: unknown = JSON.parse(Buffer.from(page, 'base64url').toString('utf8'));
    if (Array.isArray(values) && values.length === keys.length) {
      const checked = values.map((v, i) => (typeof v === 'string' && valid(v, keys[i].type) ? v : undefined));
      if (checked.every((v): v is string => v !== undefined)) return checked;
    }
  } catch {
    // fall through
  }
  throw badRequest('query.page is not a valid page token');
}

/** Only values PostgreSQL casts without an error: a finite double as JS writes it, a bigint that fits. */
const valid = (value: string, type: OrderKey['type']) =>
  type === 'bigint' ? /^\d{1,18}$/.test(value) : Number.isFinite(Number(value)) && String(Number(value)) === value;

/** One page of `query` (filtered, unordered, on the pool: page and count run in parallel) in the order of `keys`. */
export async function paginateInOrder<Row extends Record<string, any>>(db: Knex, query: Knex.QueryBuilder, params: ListParams, keys: readonly OrderKey[]): Promise<Page<Row>> {
  const limit = params.limit ?? DEFAULT_LIMIT;
  const ordered = () => db.from(query.clone().as('ordered'));
  const pageQuery = ordered()
    .select('*')
    .orderBy(keys.map((k) => ({ column: k.column })))
    .limit(limit + 1);
  if (params.page) {
    const values = decode(params.page, keys);
    pageQuery.whereRaw(`(${keys.map(() => '??').join(', ')}) > (${keys.map((k) => `?::${k.type}`).join(', ')})`, [...keys.map((k) => k.column), ...values]);
  }
  const [rows, [{ count }]] = await Promise.all([pageQuery as Promise<Row[]>, ordered().count<{ count: string }[]>({ count: '*' })]);
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  return {
    items,
    count: Number(count),
    ...(rows.length > limit && last ? { next: { page: encode(keys.map((k) => String(last[k.column]))) } } : {}),
  };
}
