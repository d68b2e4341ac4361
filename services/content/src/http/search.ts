import { Router } from 'express';
import { authorize } from '@dp/auth';
import { inSnapshot } from '@dp/db';
import { badRequest, DEFAULT_LIMIT, route } from '@dp/http';
import type { ContentContext } from '../context';
import { loadAuthorizedSpace } from '../queries/load-space';
import { matchingSections, searchPages, type SearchScope } from '../data/search-index';
import { decodeSearchCursor, encodeSearchCursor, groupBySpace } from '../domain/search/cursor';
import { excerpt } from '../domain/search/excerpt';
import { searchTerms } from '../domain/search/query';
import { presentSearchPage, presentSearchSpace, type RankedPage, type ShownSection } from '../presenters/search';
import { searchQuery, type SearchQuery } from '../schemas/search';
import { organizationParams, spaceParams } from '../schemas/spaces';

/**
 * Full-text search of the live content: of one space, or of every live space of an organization (any
 * member may read all of them), grouped by space. `limit` and `count` are in pages, the ranked unit.
 */
export function searchRouter(ctx: ContentContext): Router {
  const router = Router();

  router.get('/v1/spaces/:spaceId/search', ...route({ params: spaceParams, query: searchQuery }).handle(async (req, res) => {
    const { space } = await loadAuthorizedSpace(ctx.db, req.caller, req.params.spaceId, 'view');
    const { pages, next, count } = await search(ctx, { spaceId: space.id }, req.query);
    res.json({ ...(next ? { next } : {}), count, items: pages.map((p) => presentSearchPage(p, ctx.links)) });
  }));

  router.get('/v1/orgs/:organizationId/search', ...route({ params: organizationParams, query: searchQuery }).handle(async (req, res) => {
    const organizationId = req.params.organizationId;
    authorize(req.caller, organizationId, 'view', 'Organization');
    const { pages, next, count } = await search(ctx, { organizationId }, req.query);
    const items = groupBySpace(pages.map((p) => ({ ...p, spaceId: p.hit.space_id }))).map(({ spaceId, results }) =>
      presentSearchSpace({ id: spaceId, title: results[0].hit.space_title }, results, ctx.links),
    );
    res.json({ ...(next ? { next } : {}), count, items });
  }));

  return router;
}

/** One page of ranked page results with their sections, and the token of the next page. */
async function search(ctx: ContentContext, scope: SearchScope, params: SearchQuery): Promise<{ pages: RankedPage[]; next?: { page: string }; count: number }> {
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
