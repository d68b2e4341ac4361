import type { Knex } from 'knex';
import { LRUCache } from 'lru-cache';
import type { PageNode } from '../domain/revision/types';
import type { RevisionRow } from './revisions';

/**
 * Revisions, page chunks and documents never change once written (documents are keyed by their own hash), so a copy in
 * memory can never be stale: each content process keeps a bounded LRU of them (32 MB each), which keeps
 * reads of large spaces (5,000 pages) off the database and out of JSON parsing after the first read.
 * Keyed by the knex client, which a pool and its transactions share.
 */
const MAX_BYTES = 32 * 1024 * 1024;

interface Caches {
  revisions: LRUCache<string, { row: RevisionRow; bytes: number }>;
  /** Page chunks by hash (docs/adr/0104), shared by the revisions that hold them. */
  chunks: LRUCache<string, { pages: PageNode[]; bytes: number }>;
  documents: LRUCache<string, string>;
  /** The JSON document of each row (null: a row no migration has reached yet), with its size. */
  stored: LRUCache<string, { document: unknown; bytes: number }>;
}

const perClient = new WeakMap<object, Caches>();

export function cachesOf(db: Knex): Caches {
  let caches = perClient.get(db.client);
  if (!caches) {
    caches = {
      revisions: new LRUCache({ maxSize: MAX_BYTES, sizeCalculation: (entry) => Math.max(1, entry.bytes) }),
      chunks: new LRUCache({ maxSize: MAX_BYTES, sizeCalculation: (entry) => Math.max(1, entry.bytes) }),
      documents: new LRUCache({ maxSize: MAX_BYTES, sizeCalculation: (markdown) => Math.max(1, markdown.length * 2) }),
      stored: new LRUCache({ maxSize: MAX_BYTES, sizeCalculation: (entry) => Math.max(1, entry.bytes * 2) }),
    };
    perClient.set(db.client, caches);
  }
  return caches;
}
