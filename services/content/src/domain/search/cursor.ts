/**
 * Keyset pagination of ranked results. Pages are ordered by score (descending), then space id and page id
 * (ascending) as a stable tiebreak; the token carries the last result's key and how many results came
 * before it, so the next page starts right after it (`rank` stays global) at a cost that does not depend
 * on how deep the reader is. Scores are float8 and JSON numbers round-trip them exactly.
 */
export interface SearchCursor {
  score: number;
  spaceId: string;
  pageId: string;
  /** Results on the pages before (the next result's rank is offset + 1). */
  offset: number;
}

export function encodeSearchCursor(c: SearchCursor): string {
  return Buffer.from(JSON.stringify({ s: c.score, a: c.spaceId, p: c.pageId, n: c.offset })).toString('base64url');
}

/** The cursor in a page token, or undefined when the token is not one of ours. */
export function decodeSearchCursor(token: string): SearchCursor | undefined {
  try {
    const v = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as Record<string, unknown>;
    const isId = (x: unknown): x is string => typeof x === 'string' && x.length > 0 && x.length <= 100;
    if (typeof v.s !== 'number' || !Number.isFinite(v.s) || v.s < 0 || !isId(v.a) || !isId(v.p)) return undefined;
    if (typeof v.n !== 'number' || !Number.isSafeInteger(v.n) || v.n < 0) return undefined;
    return { score: v.s, spaceId: v.a, pageId: v.p, offset: v.n };
  } catch {
    return undefined;
  }
}

/** Consecutive ranked results grouped by space, spaces in the order of their best result. */
export function groupBySpace<T extends { spaceId: string }>(results: T[]): Array<{ spaceId: string; results: T[] }> {
  const groups = new Map<string, T[]>();
  for (const r of results) {
    const list = groups.get(r.spaceId);
    if (list) list.push(r);
    else groups.set(r.spaceId, [r]);
  }
  return [...groups].map(([spaceId, list]) => ({ spaceId, results: list }));
}
