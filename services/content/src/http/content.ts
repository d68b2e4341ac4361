import { Router } from 'express';
import { notFound, paginateArray, presentPage as presentListPage, route } from '@dp/http';
import type { ContentContext } from '../context';
import { loadBlob, loadDocuments, loadStoredDocument } from '../data/documents';
import { findChangeRequest } from '../data/change-requests';
import { findRevision, type RevisionRow } from '../data/revisions';
import type { SpaceRow } from '../data/spaces';
import { changeRequestJson } from '../queries/change-request-json';
import { pagePaths } from '../domain/revision/tree';
import type { PageNode } from '../domain/revision/types';
import { loadContent } from '../queries/load-content';
import { renderedCache } from '../queries/rendered-cache';
import { loadAuthorizedSpace } from '../queries/load-space';
import { documentOfMarkdown } from '../domain/revision/page-document';
import { presentFile, presentPage, presentPageTree, presentRevision, withMergedFrom, type ContentLocation } from '../presenters/revision';
import { contentQuery, downloadParams, fileParams, filesQuery, pageParams, pagePathParams, pageQuery } from '../schemas/content';
import { changeRequestParams } from '../schemas/change-requests';
import { spaceParams } from '../schemas/spaces';

/**
 * Reads of content, the same under a space (its live revision) and under a change request (its revision):
 * the revision, its page tree, one page with its document, its files.
 */
export function contentRouter(ctx: ContentContext): Router {
  const router = Router();
  const bases = [
    { prefix: '/v1/spaces/:spaceId', params: spaceParams, cr: false },
    { prefix: '/v1/spaces/:spaceId/change-requests/:changeRequestId', params: changeRequestParams, cr: true },
  ];
  const rendered = renderedCache();
  // The change request a merge revision merged (official Revision merge variant: `mergedFrom`).
  const mergedFrom = async (space: SpaceRow, revision: RevisionRow) => {
    if (revision.type !== 'merge' || !revision.change_request_id) return undefined;
    const cr = await findChangeRequest(ctx.db, space.id, revision.change_request_id);
    return cr && changeRequestJson(ctx, cr, space.revision_id);
  };
  const documentsOf = (pages: PageNode[]) => loadDocuments(ctx.db, pages.map((p) => p.documentHash).filter((h): h is string => !!h));
  /** One page with its content: its markdown (`format=markdown`) or its JSON document (the default), both as stored. */
  const pageJson = async (page: PageNode, path: string, location: ContentLocation, format: 'document' | 'markdown' | undefined) => {
    const markdownOf = async () => (page.documentHash ? ((await loadDocuments(ctx.db, [page.documentHash])).get(page.documentHash) ?? '') : '');
    if (format === 'markdown') return presentPage(page, path, location, ctx.links, { markdown: await markdownOf() });
    const presented = presentPage(page, path, location, ctx.links, {});
    if (page.type !== 'document') return presented;
    const stored = page.documentHash ? await loadStoredDocument(ctx.db, page.documentHash) : null;
    return { ...presented, document: stored ?? documentOfMarkdown(await markdownOf()) };
  };

  for (const { prefix, params, cr } of bases) {
    router.get(`${prefix}/content`, ...route({ params, query: contentQuery }).handle(async (req, res) => {
      const { space, revision, location } = await loadContent(ctx.db, req.caller, req.params);
      const body = await rendered(`revision:${location.changeRequestId ?? ''}:${revision.id}`, async () =>
        JSON.stringify(presentRevision(revision, location, ctx.links, await documentsOf(revision.pages))),
      );
      res.type('application/json').send(withMergedFrom(body, await mergedFrom(space, revision)));
    }));

    router.get(`${prefix}/content/pages`, ...route({ params, query: contentQuery }).handle(async (req, res) => {
      const { revision, location } = await loadContent(ctx.db, req.caller, req.params);
      const body = await rendered(`pages:${location.changeRequestId ?? ''}:${revision.id}`, async () =>
        JSON.stringify({ pages: presentPageTree(revision.pages, location, ctx.links, await documentsOf(revision.pages)) }),
      );
      res.type('application/json').send(body);
    }));

    router.get(`${prefix}/content/page/:pageId`, ...route({ params: pageParams[cr ? 'changeRequest' : 'live'], query: pageQuery }).handle(async (req, res) => {
      const { revision, location } = await loadContent(ctx.db, req.caller, req.params);
      const paths = pagePaths(revision.pages);
      const page = revision.pages.find((p) => p.id === req.params.pageId);
      if (!page) throw notFound('Page');
      res.json(await pageJson(page, paths.get(page.id)!, location, req.query.format));
    }));

    router.get(`${prefix}/content/path/*pagePath`, ...route({ params: pagePathParams[cr ? 'changeRequest' : 'live'], query: pageQuery }).handle(async (req, res) => {
      const { revision, location } = await loadContent(ctx.db, req.caller, req.params);
      // GitBook's own example path starts with a slash (`/guides/getting-started`): empty segments are dropped.
      const path = req.params.pagePath.filter((segment) => segment !== '').join('/');
      const paths = pagePaths(revision.pages);
      const page = revision.pages.find((p) => paths.get(p.id) === path);
      if (!page) throw notFound('Page');
      res.json(await pageJson(page, path, location, req.query.format));
    }));

    router.get(`${prefix}/content/files`, ...route({ params, query: filesQuery }).handle(async (req, res) => {
      const { revision, location } = await loadContent(ctx.db, req.caller, req.params);
      res.json(presentListPage(paginateArray(revision.files, req.query), (f) => presentFile(f, location, ctx.links)));
    }));

    router.get(`${prefix}/content/files/:fileId`, ...route({ params: fileParams[cr ? 'changeRequest' : 'live'], query: contentQuery }).handle(async (req, res) => {
      const { revision, location } = await loadContent(ctx.db, req.caller, req.params);
      const file = revision.files.find((f) => f.id === req.params.fileId);
      if (!file) throw notFound('File');
      res.json(presentFile(file, location, ctx.links));
    }));
  }

  // The bytes behind a file's downloadURL; revisions are immutable, so the answer can be cached.
  router.get('/v1/spaces/:spaceId/revisions/:revisionId/files/:fileId/download', ...route({ params: downloadParams }).handle(async (req, res) => {
    const { space } = await loadAuthorizedSpace(ctx.db, req.caller, req.params.spaceId, 'view');
    const revision = await findRevision(ctx.db, space.id, req.params.revisionId);
    const file = revision?.files.find((f) => f.id === req.params.fileId);
    const blob = file && (await loadBlob(ctx.db, file.blobHash));
    if (!file || !blob) throw notFound('File');
    res
      .status(200)
      .type(file.contentType)
      .setHeader('content-disposition', `inline; filename="${file.name.replace(/["\\\r\n]/g, '_')}"`)
      .setHeader('cache-control', 'private, max-age=31536000, immutable')
      .send(blob.bytes);
  }));

  return router;
}
