import { Router } from 'express';
import { onBehalfOf, paginateArray, presentPage, route, type ListParams } from '@dp/http';
import type { ContentContext } from '../context';
import { itemLocations, withBoundedLocations, type LocationBounds } from '../domain/link-bounds';
import type { LinkGroup } from '../domain/links';
import { readBacklinks, readLinks } from '../queries/read-links';
import { presentLinkList, presentLocation } from '../presenters/links';
import { linkLocationContext } from '../queries/link-locations';
import { fileParams, pageParams } from '../schemas/content';
import { linkListQuery, linksQuery } from '../schemas/links';
import { spaceParams } from '../schemas/spaces';

/**
 * Links and backlinks, computed from the markdown of the revision read (the space's live one, or a change
 * request's): the links of the space and of one page, the backlinks of a page and of a file. Lists are in
 * reading order (pages in tree order, links in document order) and paginated over that fixed order. An answer
 * presents a bounded number of locations (domain/link-bounds.ts): a page of items may end before `limit`.
 */
export function linksRouter(ctx: ContentContext): Router {
  const router = Router();
  const opts = { appUrl: ctx.config.APP_URL };
  const bounds: LocationBounds = { perItem: ctx.config.CONTENT_LINK_LOCATIONS_PER_ITEM, perAnswer: ctx.config.CONTENT_LINK_LOCATIONS_PER_ANSWER };
  const linkPage = (groups: LinkGroup[], query: ListParams) => {
    const page = paginateArray(groups, query, { weight: (g) => itemLocations(g, bounds), max: bounds.perAnswer });
    return { ...page, items: page.items.map((g) => withBoundedLocations(g, bounds)) };
  };
  const backlinkPage = (pageIds: string[], query: ListParams) => paginateArray(pageIds, query, { weight: () => 1, max: bounds.perAnswer });
  const bases = [
    { prefix: '/v1/spaces/:spaceId', page: pageParams.live, file: fileParams.live },
    { prefix: '/v1/spaces/:spaceId/change-requests/:changeRequestId', page: pageParams.changeRequest, file: fileParams.changeRequest },
  ];

  router.get('/v1/spaces/:spaceId/links', ...route({ params: spaceParams, query: linkListQuery }).handle(async (req, res) => {
    const { groups, stats, loaded } = await readLinks(ctx.db, req.caller, req.params, opts);
    const page = linkPage(groups, req.query);
    res.json(presentLinkList(page, stats, await linkLocationContext(ctx, loaded, onBehalfOf(req))));
  }));

  for (const { prefix, page: pagePath, file: filePath } of bases) {
    router.get(`${prefix}/content/page/:pageId/links`, ...route({ params: pagePath, query: linkListQuery }).handle(async (req, res) => {
      const { groups, stats, loaded } = await readLinks(ctx.db, req.caller, req.params, opts);
      const page = linkPage(groups, req.query);
      res.json(presentLinkList(page, stats, await linkLocationContext(ctx, loaded, onBehalfOf(req))));
    }));

    router.get(`${prefix}/content/page/:pageId/backlinks`, ...route({ params: pagePath, query: linksQuery }).handle(async (req, res) => {
      const { pageIds, loaded } = await readBacklinks(ctx.db, req.caller, req.params, opts);
      const page = backlinkPage(pageIds, req.query);
      const refs = await linkLocationContext(ctx, loaded, onBehalfOf(req));
      res.json(presentPage(page, (id) => presentLocation(id, refs)));
    }));

    router.get(`${prefix}/content/files/:fileId/backlinks`, ...route({ params: filePath, query: linksQuery }).handle(async (req, res) => {
      const { pageIds, loaded } = await readBacklinks(ctx.db, req.caller, req.params, opts);
      const page = backlinkPage(pageIds, req.query);
      const refs = await linkLocationContext(ctx, loaded, onBehalfOf(req));
      res.json(presentPage(page, (id) => presentLocation(id, refs)));
    }));
  }

  return router;
}
