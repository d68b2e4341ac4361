import { inSnapshot } from '@dp/db';
import { badRequest, DEFAULT_LIMIT } from '@dp/http';
import type { ContentContext } from '../context';
import { matchingSections, searchPages, type SearchScope } from '../data/search-index';
import { decodeSearchCursor, encodeSearchCursor } from '../domain/search/cursor';
import { excerpt } from '../domain/search/excerpt';
import { searchTerms } from '../domain/search/query';
import type { RankedPage, ShownSection } from '../presenters/search';

/** One page of ranked page results with their sections, and the token of the next page. */
export async function search(ctx: ContentContext, scope: SearchScope, params: { query: string; limit?: number; page?: string }): Promise<{ pages: RankedPage[]; next?: { page: string }; count: number }> {
  const limit = params.limit ?? DEFAULT_LIMIT;
  const after = params.page === undefined ? undefined : decodeSearchCursor(params.page);
  if (params.page !== undefined && !after) throw badRequest('query.page is not a valid page token');
  const terms = searchTerms(params.query);
  // The pages and their sections are read in one snapshot: the worker re-indexes in its own transactions, and
  // two plain reads could pair a page as it was (old path, a deleted page) with the sections of after.
  const { shown, more, total, matched } = await inSnapshot(ctx.db, async (trx) => {
    const { hits, total } = await searchPages(trx, scope, terms, { limit: limit + 1, after });
    const shown = hits.slice(0, limit);
    return { shown, more: hits.length > limit, total, matched: await matchingSections(trx, shown, terms) };
  });
  const sections = new Map<string, ShownSection[]>();
  for (const s of matched.sections) {
    const key = `${s.space_id}/${s.page_id}`;
    sections.set(key, [...(sections.get(key) ?? []), { ...s, excerpt: excerpt(s.body, matched.stems) }]);
  }
  const offset = after?.offset ?? 0;
  // Every indexed page has at least one section (ADR 0011), and both reads share one snapshot.
  const pages = shown.map((hit, i) => ({ hit, rank: offset + i + 1, sections: sections.get(`${hit.space_id}/${hit.page_id}`) ?? [] }));
  const last = shown[shown.length - 1];
  const next =
    more && last
      ? { page: encodeSearchCursor({ score: last.score, spaceId: last.space_id, pageId: last.page_id, offset: offset + shown.length }) }
      : undefined;
  return { pages, next, count: total };
}
