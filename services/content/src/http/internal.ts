import { Router } from 'express';
import { requireService } from '@dp/auth';
import { pathParams, route } from '@dp/http';
import { formerPathResponse, publishedAlternatesResponse, publishedPageResponse, publishedTreeResponse } from '@dp/contracts';
import type { ContentContext } from '../context';
import { withdrawSpace } from '../commands/withdraw-space';
import { formerPathQuery, publishedAlternatesParams, publishedFileParams, publishedPageParams, publishedRevisionParams, withdrawSpaceBody } from '../schemas/internal';
import { loadFormerPage, loadPublishedFile, loadPublishedPage, loadPublishedRevision } from '../queries/published-content';
import { presentPublishedPage, presentPublishedTree } from '../presenters/published-content';
import { publishedAlternates } from '../queries/page-meta-links';

/** Internal endpoints, not routed by the gateway: what another service asks as itself, not for a caller. */
export function internalRouter(ctx: ContentContext): Router {
  const router = Router();

  // Sites takes back the space it created for a site that then failed (205 withdrawn, 204 nothing to withdraw).
  router.post('/internal/spaces/:spaceId/withdraw', requireService('sites'), ...route({ params: pathParams('spaceId'), body: withdrawSpaceBody }).handle(async (req, res) => {
    const withdrawn = await withdrawSpace(ctx, req.params.spaceId, req.body.createdBy);
    res.status(withdrawn ? 205 : 204).end();
  }));

  // The sites publisher reads a revision of a space a published site shows (docs/adr/0040). Revisions never
  // change: each answer holds for its revision id forever.
  const revisionPath = '/internal/spaces/:spaceId/revisions/:revisionId';
  router.get(`${revisionPath}/published-tree`, requireService('sites'), ...route({ params: publishedRevisionParams, responses: { 200: publishedTreeResponse } }).handle(async (req, res) => {
    const revision = await loadPublishedRevision(ctx.db, req.params.spaceId, req.params.revisionId);
    res.json(presentPublishedTree(revision));
  }));

  router.get(`${revisionPath}/published-pages/:pageId`, requireService('sites'), ...route({ params: publishedPageParams, responses: { 200: publishedPageResponse } }).handle(async (req, res) => {
    const revision = await loadPublishedRevision(ctx.db, req.params.spaceId, req.params.revisionId);
    res.json(presentPublishedPage(await loadPublishedPage(ctx.db, revision, req.params.pageId, ctx.config.APP_URL)));
  }));

  // Where a page of the revision was before it moved (docs/adr/0089): asked by the publisher before a 404.
  router.get(`${revisionPath}/former-paths`, requireService('sites'), ...route({ params: publishedRevisionParams, query: formerPathQuery, responses: { 200: formerPathResponse } }).handle(async (req, res) => {
    const revision = await loadPublishedRevision(ctx.db, req.params.spaceId, req.params.revisionId);
    res.json(await loadFormerPage(ctx.db, revision, req.query.path));
  }));

  router.get(`${revisionPath}/published-files/:fileId`, requireService('sites'), ...route({ params: publishedFileParams }).handle(async (req, res) => {
    const revision = await loadPublishedRevision(ctx.db, req.params.spaceId, req.params.revisionId);
    const { file, bytes } = await loadPublishedFile(ctx.db, revision, req.params.fileId);
    res.status(200).type(file.contentType).setHeader('x-file-name', encodeURIComponent(file.name)).send(bytes);
  }));

  // A page's other language versions, for the publisher's `hreflang` links (docs/adr/0105): translations' page
  // maps are not revision-bound, so this answer is not kept by revision like those above.
  router.get('/internal/spaces/:spaceId/pages/:pageId/alternates', requireService('sites'), ...route({ params: publishedAlternatesParams, responses: { 200: publishedAlternatesResponse } }).handle(async (req, res) => {
    res.json({ items: await publishedAlternates(ctx.db, req.params.spaceId, req.params.pageId) });
  }));

  return router;
}
