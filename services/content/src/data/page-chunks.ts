import type { Knex } from 'knex';
import { chunkHash, chunkPages } from '../domain/revision/page-chunks';
import type { PageNode } from '../domain/revision/types';
import { cachesOf, PAGE_OBJECT_BYTES } from './immutable-cache';

/**
 * Stores a page list as content-addressed chunks (docs/adr/0104) and returns their hashes in order: a chunk the
 * parent revision (or any revision) already has is not written again.
 */
export async function storePageChunks(db: Knex, pages: readonly PageNode[]): Promise<string[]> {
  const chunks = new Map(chunkPages(pages).map((chunk) => {
    const json = JSON.stringify(chunk);
    return [chunkHash(json), json] as const;
  }));
  const hashes = [...chunks.keys()];
  // Asked of the database, not of the cache: a cached chunk may have been read inside a transaction that rolled
  // back. Only the new ones are sent (a 10,000-page tree is 3 MB of JSON, which PostgreSQL would parse even to
  // find it there already).
  const stored: Array<{ hash: string }> = await db('page_chunks').whereIn('hash', hashes).select('hash');
  for (const { hash } of stored) chunks.delete(hash);
  if (chunks.size) {
    await db.raw('insert into page_chunks (hash, pages) select * from unnest(?::text[], ?::jsonb[]) on conflict (hash) do nothing', [[...chunks.keys()], [...chunks.values()]]);
  }
  return hashes;
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
      cache.set(row.hash, { pages: row.pages, bytes: 256 + row.pages.length * PAGE_OBJECT_BYTES });
    }
  }
  const lost = hashes.find((hash) => !found.has(hash));
  if (lost) throw new Error(`page chunk ${lost} is missing: the revision cannot be read`);
  return found;
}
