import type { Knex } from 'knex';
import { badRequest, type ListParams, type Page, DEFAULT_LIMIT } from '@dp/http';

/**
 * Keyset pagination in sibling order: by (`position`, `seq`), the page token being the last pair seen
 * (opaque base64url). Like `paginate()` on `seq`, rows inserted or deleted between two page reads never
 * shift a page; an item moved between two reads may show up on both sides of the cursor or on neither,
 * as in any list ordered by a value that can change (see docs/adr/0010).
 */
interface Cursor {
  p: number;
  s: string;
}

function encode(c: Cursor): string {
  return Buffer.from(JSON.stringify(c)).toString('base64url');
}

function decode(page: string): Cursor {
  try {
    const c = JSON.parse(Buffer.from(page, 'base64url').toString('utf8')) as Partial<Cursor>;
    if (typeof c.p === 'number' && Number.isFinite(c.p) && typeof c.s === 'string' && /^\d{1,19}$/.test(c.s)) return { p: c.p, s: c.s };
  } catch {
    // fall through
  }
  throw badRequest('query.page is not a valid page token');
}

export async function paginateInSiblingOrder<Row extends { position: number; seq: string }>(query: Knex.QueryBuilder, params: ListParams): Promise<Page<Row>> {
  const limit = params.limit ?? DEFAULT_LIMIT;
  const countQuery = query.clone().clearSelect().clearOrder().count<{ count: string }[]>({ count: '*' });
  const pageQuery = query.clone().orderBy([{ column: 'position' }, { column: 'seq' }]).limit(limit + 1);
  if (params.page) {
    const c = decode(params.page);
    pageQuery.whereRaw('(position, seq) > (?::double precision, ?::bigint)', [c.p, c.s]);
  }
  const [rows, [{ count }]] = await Promise.all([pageQuery as Promise<Row[]>, countQuery]);
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  return {
    items,
    count: Number(count),
    ...(rows.length > limit && last ? { next: { page: encode({ p: last.position, s: String(last.seq) }) } } : {}),
  };
}
