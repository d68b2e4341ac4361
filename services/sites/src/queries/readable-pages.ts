import { LRUCache } from 'lru-cache';
import type { PublishedContentApi } from '../clients/content';
import { sharedCalls } from '../clients/shared-calls';
import { readablePageIds } from '../domain/site-search';

/** The pages of a space at a revision that readers may find (none of a deleted space's). */
export type ReadablePages = (spaceId: string, revisionId: string) => Promise<Set<string>>;

/** Enough for the readable pages of some thousands of spaces; an evicted one is asked again. */
const MAX_BYTES = 8 * 1024 * 1024;

/**
 * The readable page ids of each searched space (docs/adr/0090), kept by revision id in a bounded LRU: a
 * revision never changes, so an entry is never stale. Search fills it, and prewarmSiteSearch fills it ahead.
 */
export function readablePagesOf(content: Pick<PublishedContentApi, 'tree'>): ReadablePages {
  const cache = new LRUCache<string, Set<string>>({ maxSize: MAX_BYTES, sizeCalculation: (ids) => 64 + ids.size * 48 });
  const read = sharedCalls(cache);
  return async (spaceId, revisionId) =>
    (await read(`${spaceId}/${revisionId}`, async () => {
      const tree = await content.tree(spaceId, revisionId);
      return tree && readablePageIds(tree.pages);
    })) ?? new Set();
}
