import { Router } from 'express';
import { requireService } from '@dp/auth';
import { spacesSearchBody, spacesSearchResponse } from '@dp/contracts';
import { route } from '@dp/http';
import type { ContentContext } from '../context';
import { loadAuthorizedSpace } from '../queries/load-space';
import { presentSearchPage, presentSearchSpaces } from '../presenters/search';
import { search } from '../queries/search';
import { organizationSearchScope } from '../queries/search-scope';
import { searchQuery } from '../schemas/search';
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
    const scope = await organizationSearchScope(ctx.db, req.caller, req.params.organizationId);
    const { pages, next, count } = await search(ctx, scope, req.query);
    res.json({ ...(next ? { next } : {}), count, items: presentSearchSpaces(pages, ctx.links) });
  }));

  // A published site's search (sites asks as itself, for the spaces the site shows to the one searching).
  router.post('/internal/search', requireService('sites'), ...route({ body: spacesSearchBody, responses: { 200: spacesSearchResponse } }).handle(async (req, res) => {
    const { query, spaceIds, limit, page } = req.body;
    const { pages, next, count } = await search(ctx, { spaceIds: [...new Set(spaceIds)] }, { query, limit, page });
    res.json({ ...(next ? { next } : {}), count, items: presentSearchSpaces(pages, ctx.links) });
  }));

  return router;
}
