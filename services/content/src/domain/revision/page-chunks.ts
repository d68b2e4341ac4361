import { createHash } from 'node:crypto';
import type { PageNode } from './types';

/** A chunk ends after a page whose id hashes to 0 modulo this: about 64 pages a chunk. */
const AVERAGE_PAGES = 64;
/** A run of pages without such an id is cut here, so no chunk is large whatever the ids. */
const MAX_PAGES = 256;

const idHash = (id: string) => createHash('sha256').update(id).digest().readUInt32BE(0);
/**
 * Whether a chunk ends after the page, by page object: a revision's unchanged pages are its parent's objects
 * (apply-changes.ts), so a batch hashes the ids of the pages it changed, not 100,000 of them (issue 28).
 */
const endsChunk = new WeakMap<PageNode, boolean>();
const isBoundary = (page: PageNode): boolean => {
  let ends = endsChunk.get(page);
  if (ends === undefined) endsChunk.set(page, (ends = idHash(page.id) % AVERAGE_PAGES === 0));
  return ends;
};

/**
 * A page list cut into chunks where its page ids say (content-defined chunking, docs/adr/0104): a boundary
 * depends on the page before it only, so editing, adding or removing a page changes the one chunk that holds
 * it, and the chunks before and after it are the same as the parent revision's. Concatenated, the chunks are
 * the list. Pure.
 */
export function chunkPages(pages: readonly PageNode[]): PageNode[][] {
  const chunks: PageNode[][] = [];
  let current: PageNode[] = [];
  for (const page of pages) {
    current.push(page);
    if (isBoundary(page) || current.length >= MAX_PAGES) {
      chunks.push(current);
      current = [];
    }
  }
  if (current.length) chunks.push(current);
  return chunks;
}

/** The address a chunk is stored under: the hash of its JSON. */
export const chunkHash = (json: string) => createHash('sha256').update(json).digest('hex');
