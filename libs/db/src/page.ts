import { badRequest } from '@dp/errors';

/**
 * A page of a list and its token (docs/adr/0004): the token is the opaque base64url of the last keys seen,
 * `{"k": "<key>"}` for a list on one key, `{"k": ["<key>", ...]}` for a list on several. The list query and
 * envelope (listQuery, presentPage) are libs/http's; the keyset query over these (`paginate`) is here.
 */
export const DEFAULT_LIMIT = 50;
export const MAX_LIMIT = 1000;

export interface ListParams {
  page?: string;
  limit?: number;
}

export interface Page<T> {
  items: T[];
  next?: { page: string };
  count: number;
}

/** The SQL type a key is compared as: the cursor admits only values PostgreSQL casts to it without an error. */
export type KeyType = 'bigint' | 'double precision' | 'text';

const MAX_BIGINT = 2n ** 63n - 1n;

/** A bigint that fits (a larger one would be a 500 from PostgreSQL), a text PostgreSQL takes, or a finite double as JS writes it. */
const fits = (value: string, type: KeyType) => {
  if (type === 'bigint') return /^\d{1,19}$/.test(value) && BigInt(value) <= MAX_BIGINT;
  if (type === 'text') return value.length <= 2048 && !value.includes('\u0000');
  return Number.isFinite(Number(value)) && String(Number(value)) === value;
};

/** The token of the page after the row whose keys are `keys` (one key, or several in list order). */
export function encodeCursor(keys: string | number | ReadonlyArray<string | number>): string {
  const k = Array.isArray(keys) ? (keys.length === 1 ? String(keys[0]) : keys.map(String)) : String(keys);
  return Buffer.from(JSON.stringify({ k })).toString('base64url');
}

/** The keys a token carries, checked against the types of the list's keys; a bad token is a 400. */
export function decodeKeys(page: string, types: readonly KeyType[]): string[] {
  try {
    const { k }: { k?: unknown } = JSON.parse(Buffer.from(page, 'base64url').toString('utf8'));
    const values: unknown[] = types.length === 1 && !Array.isArray(k) ? [k] : Array.isArray(k) ? k : [];
    if (values.length === types.length && values.every((v, i) => typeof v === 'string' && fits(v, types[i]))) return values.map(String);
  } catch {
    // fall through
  }
  throw badRequest('query.page is not a valid page token');
}

/** The one key of a token of a list on one bigint-like key (a `seq`, a position in an in-memory list). */
export const decodeCursor = (page: string): string => decodeKeys(page, ['bigint'])[0];
