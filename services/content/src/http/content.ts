import { Router } from 'express';
import { listQuery, notFound, onBehalfOf, paginateArray, presentPage as presentListPage, route, type FromSchema } from '@dp/http';
import type { ContentContext } from '../context';
import { loadBlob, loadDocuments, loadStoredDocument } from '../data/documents';
import { findRevision, type RevisionRow } from '../data/revisions';
import { dereferencedDocument, withIncludes } from '../queries/included-contents';
import { mergedFromOf } from '../queries/merged-from';
import { changeRequestChanges, revisionChanges } from '../queries/semantic-changes';
import type { PageNode, ReusableContentEntry } from '../domain/revision/types';
import { loadContent } from '../queries/load-content';
import { revisionPages } from '../queries/revision-pages';
import { renderedCache } from '../queries/rendered-cache';
import { loadAuthorizedSpace } from '../queries/load-space';
import { documentOfMarkdown } from '../domain/revision/page-document';
import { presentFile, presentPage, presentPageTree, presentReusableContent, presentRevision, presentRevisionSummary, withMergedFrom, type ContentLocation } from '../presenters/revision';
import { changesQuery, contentQuery, documentQuery, downloadParams, fileParams, reusableContentParams, filesQuery, historyResponse, pageParams, proposedRollbackResponse, rollbackBody, rollbackResponse, pagePathParams, pageQuery, revisionParams } from '../schemas/content';
import { spaceHistory } from '../queries/space-history';
import { pageAlternates } from '../queries/page-meta-links';
import { presentMetaLinks } from '../presenters/meta-links';
import { proposeRollback, rollbackSpace } from '../commands/rollback-space';
import { ensureCallerKnown } from '../commands/ensure-user';
import { changeRequestParams } from '../schemas/change-requests';
import { spaceParams } from '../schemas/spaces';

/**
 * Reads of content, the same under a space (its live revision), under a change request (its revision) and at
 * any revision of the space by id (issue 26): the revision, its page tree, one page with its document, its files.
 * The official paths put the live and change-request reads under `.../content` and a revision's right under it.
 */
export function contentRouter(ctx: ContentContext): Router {
  const router = Router();
  const bases = [
    { root: '/v1/spaces/:spaceId/content', params: spaceParams, at: 'live' },
    { root: '/v1/spaces/:spaceId/change-requests/:changeRequestId/content', params: changeRequestParams, at: 'changeRequest' },
    { root: '/v1/spaces/:spaceId/revisions/:revisionId', params: revisionParams, at: 'revision' },
  ] as const;
  const rendered = renderedCache();
  const documentsOf = (pages: PageNode[]) => loadDocuments(ctx.db, pages.map((p) => p.documentHash).filter((h): h is string => !!h));
  const markdownOf = async ({ documentHash }: Pick<PageNode, 'documentHash'>) => (documentHash ? ((await loadDocuments(ctx.db, [documentHash])).get(documentHash) ?? '') : '');
  /** A document page's (or a reusable content's) JSON document: as stored, or read from its markdown. */
  const documentOf = async (holder: Pick<PageNode | ReusableContentEntry, 'documentHash'>) =>
    (holder.documentHash ? await loadStoredDocument(ctx.db, holder.documentHash) : null) ?? documentOfMarkdown(await markdownOf(holder));
  const reusableContentOf = (revision: { reusable_contents: ReusableContentEntry[] }, id: string) => {
    const found = revision.reusable_contents.find((r) => r.id === id);
    if (!found) throw notFound('Reusable content');
    return found;
  };
  /**
   * A document page's JSON document, its includes inlined when `dereferenced` asks (true or `reusable-contents`, the
   * only references it has; docs/adr/0109).
   */
  const pageDocumentOf = async (page: PageNode, revision: RevisionRow, dereferenced: boolean | string | undefined) => {
    const document = await documentOf(page);
    return dereferenced ? dereferencedDocument(revision, document, documentOf) : document;
  };
  /** One page with its content: its markdown (`format=markdown`) or its JSON document (the default), as stored or dereferenced. */
  const pageJson = async (page: PageNode, path: string, revision: RevisionRow, location: ContentLocation, query: FromSchema<typeof pageQuery>) => {
    if (query.format === 'markdown') {
      const markdown = await markdownOf(page);
      const shown = query.dereferenced ? ((await withIncludes(ctx.db, revision, new Map([[page.id, markdown]]))).get(page.id) ?? markdown) : markdown;
      return presentPage(page, path, location, ctx.links, { markdown: shown });
    }
    const presented = presentPage(page, path, location, ctx.links, {});
    if (page.type !== 'document') return presented;
    return { ...presented, document: await pageDocumentOf(page, revision, query.dereferenced) };
  };

  for (const { root, params, at } of bases) {
    router.get(root, ...route({ params, query: contentQuery }).handle(async (req, res) => {
      const { space, revision, location } = await loadContent(ctx.db, req.caller, req.params);
      const body = await rendered(`revision:${at}:${location.changeRequestId ?? ''}:${revision.id}`, async () =>
        JSON.stringify(presentRevision(revision, location, ctx.links, await documentsOf(revision.pages))),
      );
      res.type('application/json').send(withMergedFrom(body, await mergedFromOf(ctx, space, revision)));
    }));

    router.get(`${root}/pages`, ...route({ params, query: contentQuery }).handle(async (req, res) => {
      const { revision, location } = await loadContent(ctx.db, req.caller, req.params);
      const body = await rendered(`pages:${at}:${location.changeRequestId ?? ''}:${revision.id}`, async () =>
        JSON.stringify({ pages: presentPageTree(revision.pages, location, ctx.links, await documentsOf(revision.pages)) }),
      );
      res.type('application/json').send(body);
    }));

    router.get(`${root}/page/:pageId`, ...route({ params: pageParams[at], query: pageQuery }).handle(async (req, res) => {
      const { revision, location } = await loadContent(ctx.db, req.caller, req.params);
      const { byId, paths } = revisionPages(revision);
      const page = byId.get(req.params.pageId);
      if (!page) throw notFound('Page');
      res.json(await pageJson(page, paths.get(page.id)!, revision, location, req.query));
    }));

    // The official meta links of a page: its other language versions (docs/adr/0105).
    router.get(`${root}/page/:pageId/meta-links`, ...route({ params: pageParams[at] }).handle(async (req, res) => {
      const { space, revision } = await loadContent(ctx.db, req.caller, req.params);
      if (!revisionPages(revision).byId.has(req.params.pageId)) throw notFound('Page');
      res.json(presentMetaLinks(await pageAlternates(ctx.db, req.caller, space, req.params.pageId)));
    }));

    router.get(`${root}/path/*pagePath`, ...route({ params: pagePathParams[at], query: pageQuery }).handle(async (req, res) => {
      const { revision, location } = await loadContent(ctx.db, req.caller, req.params);
      // GitBook's own example path starts with a slash (`/guides/getting-started`): empty segments are dropped.
      const path = req.params.pagePath.filter((segment) => segment !== '').join('/');
      const page = revisionPages(revision).byPath.get(path);
      if (!page) throw notFound('Page');
      res.json(await pageJson(page, path, revision, location, req.query));
    }));

    router.get(`${root}/files`, ...route({ params, query: filesQuery }).handle(async (req, res) => {
      const { revision, location } = await loadContent(ctx.db, req.caller, req.params);
      res.json(presentListPage(paginateArray(revision.files, req.query), (f) => presentFile(f, location, ctx.links)));
    }));

    // A reusable content (official): its title and its document's id; pages include it (docs/adr/0109).
    router.get(`${root}/reusable-contents/:reusableContentId`, ...route({ params: reusableContentParams[at], query: contentQuery }).handle(async (req, res) => {
      const { revision } = await loadContent(ctx.db, req.caller, req.params);
      res.json(presentReusableContent(reusableContentOf(revision, req.params.reusableContentId)));
    }));

    router.get(`${root}/files/:fileId`, ...route({ params: fileParams[at], query: contentQuery }).handle(async (req, res) => {
      const { revision, location } = await loadContent(ctx.db, req.caller, req.params);
      const file = revision.files.find((f) => f.id === req.params.fileId);
      if (!file) throw notFound('File');
      res.json(presentFile(file, location, ctx.links));
    }));
  }

  // A space's history, newest first (ours: the official API has no list of revisions; docs/adr/0054).
  router.get('/v1/spaces/:spaceId/revisions', ...route({ params: spaceParams, query: listQuery(), responses: { 200: historyResponse } }).handle(async (req, res) => {
    const page = await spaceHistory(ctx.db, req.caller, req.params.spaceId, req.query);
    res.json(presentListPage(page, (r) => presentRevisionSummary(r, req.params.spaceId, ctx.links)) satisfies FromSchema<typeof historyResponse>);
  }));

  // Rollback to an earlier revision (ours: the official API has none): directly for admins of the space, or proposed
  // as a change request by anyone who may open one.
  router.post('/v1/spaces/:spaceId/revisions/:revisionId/rollback', ...route({ params: revisionParams, body: rollbackBody, responses: { 200: rollbackResponse, 201: proposedRollbackResponse } }).handle(async (req, res) => {
    const { spaceId, revisionId } = req.params;
    if (!req.body.changeRequest) {
      const revision = await rollbackSpace(ctx, req.caller, spaceId, revisionId);
      res.json({ revision: revision.id, result: 'rollback' } satisfies FromSchema<typeof rollbackResponse>);
      return;
    }
    await ensureCallerKnown(ctx, req.caller, onBehalfOf(req));
    const { cr, revision } = await proposeRollback(ctx, req.caller, spaceId, revisionId, req.body.changeRequest.subject);
    res
      .status(201)
      .location(ctx.links.api(`/spaces/${spaceId}/change-requests/${cr.id}`))
      .json({ revision: revision.id, changeRequest: cr.id, result: 'change-request' } satisfies FromSchema<typeof proposedRollbackResponse>);
  }));

  // What a revision changed against its parent, and what a change request changes against its base (official).
  router.get('/v1/spaces/:spaceId/revisions/:revisionId/changes', ...route({ params: revisionParams, query: changesQuery }).handle(async (req, res) => {
    res.json(await revisionChanges(ctx, req.caller, req.params, req.query.limit));
  }));
  router.get('/v1/spaces/:spaceId/change-requests/:changeRequestId/changes', ...route({ params: changeRequestParams, query: changesQuery }).handle(async (req, res) => {
    res.json(await changeRequestChanges(ctx, req.caller, req.params, req.query.limit));
  }));

  // A reusable content's JSON document at a revision (official getReusableContentDocumentInRevisionById).
  router.get('/v1/spaces/:spaceId/revisions/:revisionId/reusable-contents/:reusableContentId/document', ...route({ params: reusableContentParams.revision, query: documentQuery }).handle(async (req, res) => {
    const { revision } = await loadContent(ctx.db, req.caller, req.params);
    res.json(await documentOf(reusableContentOf(revision, req.params.reusableContentId)));
  }));

  // A page's JSON document at a revision (official getPageDocumentInRevisionById): as stored, or read from its markdown.
  router.get('/v1/spaces/:spaceId/revisions/:revisionId/page/:pageId/document', ...route({ params: pageParams.revision, query: documentQuery }).handle(async (req, res) => {
    const { revision } = await loadContent(ctx.db, req.caller, req.params);
    const page = revision.pages.find((p) => p.id === req.params.pageId);
    if (!page || page.type !== 'document') throw notFound('Page');
    res.json(await pageDocumentOf(page, revision, req.query.dereferenced));
  }));

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
