import type { Knex } from 'knex';
import { LRUCache } from 'lru-cache';
import type { PageNode } from '../domain/revision/types';
import type { RevisionRow } from './revisions';

/**
 * Revisions, page chunks and documents never change once written (documents are keyed by their own hash), so a copy in
 * memory can never be stale: each content process keeps bounded LRUs of them, which keeps reads of large spaces off
 * the database and out of JSON parsing after the first read. Keyed by the knex client, which a pool and its
 * transactions share.
 *
 * One budget (`CONTENT_CACHE_MB`, docs/adr/0114) is shared out among them. A revision's page objects are its
 * chunks' (a revision kept is a list of references to them): the chunks cache holds their bytes, a revision is
 * weighed by its list and what reads derive from it, and it is dropped with the first of its chunks that goes,
 * so no page is kept outside the chunks' bound.
 */
const DEFAULT_CACHE_MB = 160;
/** Bytes of one page object parsed from its JSON (measured: 430 B for a page of a typical tree). */
export const PAGE_OBJECT_BYTES = 430;
const SHARES = { chunks: 0.45, revisions: 0.2, documents: 0.2, stored: 0.15 };

interface Caches {
  revisions: LRUCache<string, { row: RevisionRow; bytes: number; chunks: readonly string[] }>;
  /** Page chunks by hash (docs/adr/0104), shared by the revisions that hold them. */
  chunks: LRUCache<string, { pages: PageNode[]; bytes: number }>;
  documents: LRUCache<string, string>;
  /** The JSON document of each row (null: a row no migration has reached yet), with its size. */
  stored: LRUCache<string, { document: unknown; bytes: number }>;
}

const perClient = new WeakMap<object, Caches>();

/** Sets the budget of `db`'s caches (in MB), before its first read: the app and the worker do, from their config. */
export function boundImmutableCaches(db: Knex, megabytes: number): void {
  perClient.set(db.client, newCaches(megabytes * 1024 * 1024));
}

export function cachesOf(db: Knex): Caches {
  let caches = perClient.get(db.client);
  if (!caches) {
    caches = newCaches(DEFAULT_CACHE_MB * 1024 * 1024);
    perClient.set(db.client, caches);
  }
  return caches;
}

function newCaches(budget: number): Caches {
  const bound = (share: number) => Math.max(1, Math.floor(budget * share));
  /** The revisions kept that hold each chunk: dropped with it. */
  const holders = new Map<string, Set<string>>();
  const revisions: Caches['revisions'] = new LRUCache({
    maxSize: bound(SHARES.revisions),
    sizeCalculation: (entry) => Math.max(1, entry.bytes),
    dispose: (entry, id) => {
      for (const hash of entry.chunks) {
        const held = holders.get(hash);
        held?.delete(id);
        if (held?.size === 0) holders.delete(hash);
      }
    },
    // Linked on insertion only: an entry lru-cache refused (heavier than its bound) has no holders to clean.
    onInsert: (entry, id) => {
      for (const hash of entry.chunks) {
        let held = holders.get(hash);
        if (!held) holders.set(hash, (held = new Set()));
        held.add(id);
      }
    },
  });
  const chunks: Caches['chunks'] = new LRUCache({
    maxSize: bound(SHARES.chunks),
    sizeCalculation: (entry) => Math.max(1, entry.bytes),
    dispose: (_entry, hash) => {
      for (const id of [...(holders.get(hash) ?? [])]) revisions.delete(id);
    },
  });
  return {
    revisions,
    chunks,
    documents: new LRUCache({ maxSize: bound(SHARES.documents), sizeCalculation: (markdown) => Math.max(1, markdown.length * 2) }),
    stored: new LRUCache({ maxSize: bound(SHARES.stored), sizeCalculation: (entry) => Math.max(1, entry.bytes * 2) }),
  };
}
