import type { Knex } from 'knex';
import { chunkHash, chunkPages } from '../domain/revision/page-chunks';
import type { PageNode } from '../domain/revision/types';
import { cachesOf, PAGE_OBJECT_BYTES } from './immutable-cache';

/**
 * Stores a page list as content-addressed chunks (docs/adr/0104) and returns their hashes in order: a chunk the
 * parent revision (or any revision) already has is not written again.
 */
export async function storePageChunks(db: Knex, pages: readonly PageNode[]): Promise<string[]> {
  const cut = chunkPages(pages).map((chunk) => {
    // A chunk of the very objects of one stored or read before is that chunk: its hash is known, and its JSON is
    // made only if the database turns out not to have it (a batch on a 100,000-page tree serializes the few
    // chunks it changed, not 30 MB).
    const known = knownHash(chunk);
    if (known) return { chunk, hash: known, json: undefined };
    const json = JSON.stringify(chunk);
    return { chunk, hash: chunkHash(json), json };
  });
  const hashes = cut.map((c) => c.hash);
  // Asked of the database, not of the cache: a cached chunk may have been read inside a transaction that rolled
  // back. Only the new ones are sent (a 10,000-page tree is 3 MB of JSON, which PostgreSQL would parse even to
  // find it there already).
  const stored = new Set((await db('page_chunks').whereIn('hash', [...new Set(hashes)]).select('hash')).map((row: { hash: string }) => row.hash));
  const missing = new Map(cut.filter((c) => !stored.has(c.hash)).map((c) => [c.hash, c.json ?? JSON.stringify(c.chunk)]));
  if (missing.size) {
    await db.raw('insert into page_chunks (hash, pages) select * from unnest(?::text[], ?::jsonb[]) on conflict (hash) do nothing', [[...missing.keys()], [...missing.values()]]);
  }
  for (const { chunk, hash } of cut) remember(hash, chunk);
  return hashes;
}

/** Chunks by their first page object, with the hash they are stored under (docs/adr/0104). */
const knownChunks = new WeakMap<PageNode, { hash: string; pages: readonly PageNode[] }>();
const remember = (hash: string, pages: readonly PageNode[]) => {
  if (pages.length) knownChunks.set(pages[0], { hash, pages });
};
function knownHash(chunk: readonly PageNode[]): string | undefined {
  const known = chunk.length ? knownChunks.get(chunk[0]) : undefined;
  return known && known.pages.length === chunk.length && known.pages.every((page, i) => page === chunk[i]) ? known.hash : undefined;
}

/**
 * The pages of chunks, in order. Chunks never change, so each is cached by hash (a revision shares most of its
 * chunks with the ones before it: reading an old revision costs the chunks it does not share). A chunk read
 * inside a transaction is cached too: its hash names its content whether or not that transaction commits.
 */
export async function loadPageChunks(db: Knex, hashes: readonly string[]): Promise<Map<string, PageNode[]>> {
  const cache = cachesOf(db).chunks;
  const found = new Map<string, PageNode[]>();
  const missing = new Set<string>();
  for (const hash of hashes) {
    const cached = cache.get(hash);
    if (cached) found.set(hash, cached.pages);
    else missing.add(hash);
  }
  if (missing.size) {
    const rows: Array<{ hash: string; pages: PageNode[] }> = await db('page_chunks').whereIn('hash', [...missing]).select('hash', 'pages');
    for (const row of rows) {
      found.set(row.hash, row.pages);
      remember(row.hash, row.pages);
      cache.set(row.hash, { pages: row.pages, bytes: 256 + row.pages.length * PAGE_OBJECT_BYTES });
    }
  }
  const lost = hashes.find((hash) => !found.has(hash));
  if (lost) throw new Error(`page chunk ${lost} is missing: the revision cannot be read`);
  return found;
}
