import { LRUCache } from 'lru-cache';
import type { PublishedContentApi, PublishedFile, PublishedPageDocument, PublishedTree } from '../clients/content';
import { sharedCalls } from '../clients/shared-calls';
import { indexPages, type PageIndex } from './nav-tree';

/**
 * What the publisher fetched from content, kept in memory by revision id (docs/adr/0040): a revision never
 * changes, so an entry is never stale; bounded LRUs (by size) keep memory in check. Concurrent misses of one
 * key share one call. A 404 (the space deleted meanwhile) is not kept.
 */
export interface RevisionContent {
  spaceId: string;
  revisionId: string;
  index: PageIndex;
  files: Map<string, PublishedTree['files'][number]>;
}

export interface ContentCache {
  revision(spaceId: string, revisionId: string): Promise<RevisionContent | undefined>;
  page(spaceId: string, revisionId: string, pageId: string): Promise<PublishedPageDocument | undefined>;
  file(spaceId: string, revisionId: string, fileId: string): Promise<PublishedFile | undefined>;
  /** Asked only before a 404, and not kept: a later merge may record a move for the same revision's path. */
  formerPage: PublishedContentApi['formerPage'];
  /** Searches are not kept: the live content they read changes under the same question. */
  search: PublishedContentApi['search'];
  /** Not kept by revision (translations change them): asked once per render of a page, which is kept. */
  alternates: PublishedContentApi['alternates'];
}

/** Files larger than this are served but not kept (a few large files would push everything else out). */
const LARGEST_CACHED_FILE = 256 * 1024;

export function contentCache(api: PublishedContentApi, maxBytes: number): ContentCache {
  const revisions = new LRUCache<string, RevisionContent>({ maxSize: maxBytes, sizeCalculation: (r) => 512 + r.index.pages.length * 600 + r.files.size * 200 });
  const pages = new LRUCache<string, PublishedPageDocument>({ maxSize: maxBytes, sizeCalculation: (p) => 256 + p.markdown.length * 2 + JSON.stringify(p.links).length * 2 });
  const files = new LRUCache<string, PublishedFile>({ maxSize: maxBytes, sizeCalculation: (f) => 256 + f.bytes.length });
  const revision = sharedCalls(revisions);
  const page = sharedCalls(pages);
  const file = sharedCalls(files);
  return {
    revision: (spaceId, revisionId) =>
      revision(`${spaceId}/${revisionId}`, async () => {
        const tree = await api.tree(spaceId, revisionId);
        return tree && { spaceId, revisionId, index: indexPages(tree.pages), files: new Map(tree.files.map((f) => [f.id, f])) };
      }),
    page: (spaceId, revisionId, pageId) => page(`${spaceId}/${revisionId}/${pageId}`, () => api.page(spaceId, revisionId, pageId)),
    formerPage: (spaceId, revisionId, path) => api.formerPage(spaceId, revisionId, path),
    search: (body) => api.search(body),
    alternates: (spaceId, pageId) => api.alternates(spaceId, pageId),
    file: (spaceId, revisionId, fileId) => file(`${spaceId}/${revisionId}/${fileId}`, () => api.file(spaceId, revisionId, fileId), (f) => f.bytes.length <= LARGEST_CACHED_FILE),
  };
}
