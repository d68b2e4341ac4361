import type { Knex } from 'knex';
import type { PublishedLinkTarget } from '@dp/contracts';
import { notFound } from '@dp/http';
import { loadBlob, loadDocuments } from '../data/documents';
import { findRevision, type RevisionRow } from '../data/revisions';
import { findSpace } from '../data/spaces';
import { findFormerPath } from '../data/former-page-paths';
import { withIncludes } from './included-contents';
import { revisionPages } from './revision-pages';
import { extractHrefs, indexRevision, resolveHref } from '../domain/links';
import type { FileEntry, PageNode } from '../domain/revision/types';

/**
 * What the sites publisher reads of a space's revision, as the sites service itself (docs/adr/0040): the page
 * tree, one page's markdown (the reusable contents it includes in place) with where its links lead, one file's bytes. Revisions are immutable, so each
 * answer is the same forever for its revision id (the publisher caches them by it). A deleted space, an
 * unknown revision, page or file are a 404. Each answer is bounded: the tree carries no markdown, a page one
 * document, a file at most content's 1 MB.
 */
export async function loadPublishedRevision(db: Knex, spaceId: string, revisionId: string): Promise<RevisionRow> {
  const space = await findSpace(db, spaceId);
  if (!space || space.deleted_at) throw notFound('Space');
  const revision = await findRevision(db, space.id, revisionId);
  if (!revision) throw notFound('Revision');
  return revision;
}

export interface PublishedPage {
  page: PageNode;
  markdown: string;
  /** Where each href written in the page leads, when it names a page or a file of the revision. */
  links: Record<string, PublishedLinkTarget>;
}

export async function loadPublishedPage(db: Knex, revision: RevisionRow, pageId: string, appUrl: string): Promise<PublishedPage> {
  const page = revision.pages.find((p) => p.id === pageId);
  if (!page || page.type !== 'document') throw notFound('Page');
  const written = page.documentHash ? ((await loadDocuments(db, [page.documentHash])).get(page.documentHash) ?? '') : '';
  const markdown = (await withIncludes(db, revision, new Map([[page.id, written]]))).get(page.id) ?? written;
  const hrefs = extractHrefs(markdown);
  const links: Record<string, PublishedLinkTarget> = {};
  if (hrefs.length) {
    const index = indexRevision(revision);
    for (const href of hrefs) {
      const link = resolveHref(href, page.id, index, { appUrl });
      if (link && link.status === 'ok' && link.target.kind !== 'url') links[href] = link.target;
    }
  }
  return { page, markdown, links };
}

export async function loadPublishedFile(db: Knex, revision: RevisionRow, fileId: string): Promise<{ file: FileEntry; bytes: Buffer }> {
  const file = revision.files.find((f) => f.id === fileId);
  const blob = file && (await loadBlob(db, file.blobHash));
  if (!file || !blob) throw notFound('File');
  return { file, bytes: blob.bytes };
}

/**
 * The page of the revision that once had `path` (docs/adr/0089): the newest page to leave that path, still a
 * document of this revision somewhere else. A 404 otherwise (never recorded, since deleted, or back at it).
 */
export async function loadFormerPage(db: Knex, revision: RevisionRow, path: string): Promise<{ pageId: string }> {
  const pageId = await findFormerPath(db, revision.space_id, path);
  const { byId, paths } = revisionPages(revision);
  const page = pageId ? byId.get(pageId) : undefined;
  if (!page || page.type !== 'document' || paths.get(page.id) === path) throw notFound('Former page path');
  return { pageId: page.id };
}
