import { Router } from 'express';
import { onBehalfOf, paginateArray, presentPage, validate, type ListParams } from '@dp/http';
import type { ContentContext } from '../context';
import { readBacklinks, readLinks } from '../queries/read-links';
import { presentLinkList, presentLocation } from '../presenters/links';
import { linkLocationContext, pagesNamedBy } from '../queries/link-locations';
import { fileParams, pageParams } from '../schemas/content';
import { linkListQuery, linksQuery } from '../schemas/links';
import { spaceParams } from '../schemas/spaces';

/**
 * Links and backlinks, computed from the markdown of the revision read (the space's live one, or a change
 * request's): the links of the space and of one page, the backlinks of a page and of a file. Lists are in
 * reading order (pages in tree order, links in document order) and paginated over that fixed order.
 */
export function linksRouter(ctx: ContentContext): Router {
  const router = Router();
  const opts = { appUrl: ctx.config.APP_URL };
  const where = (params: Record<string, unknown>) => params as { spaceId: string; changeRequestId?: string };
  const bases = [
    { prefix: '/v1/spaces/:spaceId', cr: false },
    { prefix: '/v1/spaces/:spaceId/change-requests/:changeRequestId', cr: true },
  ];

  router.get('/v1/spaces/:spaceId/links', validate({ params: spaceParams, query: linkListQuery }), async (req, res) => {
    const { groups, stats, loaded } = await readLinks(ctx.db, req.caller, where(req.params), opts);
    const page = paginateArray(groups, req.query as ListParams);
    res.json(presentLinkList(page, stats, await linkLocationContext(ctx, loaded, onBehalfOf(req), pagesNamedBy(page.items))));
  });

  for (const { prefix, cr } of bases) {
    router.get(`${prefix}/content/page/:pageId/links`, validate({ params: pageParams(cr), query: linkListQuery }), async (req, res) => {
      const { groups, stats, loaded } = await readLinks(ctx.db, req.caller, { ...where(req.params), pageId: req.params.pageId as string }, opts);
      const page = paginateArray(groups, req.query as ListParams);
      res.json(presentLinkList(page, stats, await linkLocationContext(ctx, loaded, onBehalfOf(req), pagesNamedBy(page.items))));
    });

    router.get(`${prefix}/content/page/:pageId/backlinks`, validate({ params: pageParams(cr), query: linksQuery }), async (req, res) => {
      const { pageIds, loaded } = await readBacklinks(ctx.db, req.caller, { ...where(req.params), pageId: req.params.pageId as string }, opts);
      const page = paginateArray(pageIds, req.query as ListParams);
      const refs = await linkLocationContext(ctx, loaded, onBehalfOf(req), page.items);
      res.json(presentPage(page, (id) => presentLocation(id, refs)));
    });

    router.get(`${prefix}/content/files/:fileId/backlinks`, validate({ params: fileParams(cr), query: linksQuery }), async (req, res) => {
      const { pageIds, loaded } = await readBacklinks(ctx.db, req.caller, { ...where(req.params), fileId: req.params.fileId as string }, opts);
      const page = paginateArray(pageIds, req.query as ListParams);
      const refs = await linkLocationContext(ctx, loaded, onBehalfOf(req), page.items);
      res.json(presentPage(page, (id) => presentLocation(id, refs)));
    });
  }

  return router;
}
