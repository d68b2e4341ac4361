import type { Knex } from 'knex';
import { extractHrefs } from '../domain/links';
import type { FileEntry, PageNode } from '../domain/revision/types';
import { loadDocuments } from './documents';
import { findRevisions } from './revisions';

/** Bump when `extractHrefs` changes: cached rows of an older version are recomputed on their next read. */
export const LINKS_EXTRACTOR_VERSION = 2;

/**
 * The hrefs written in each document, by hash. Cached in `document_links`: only documents never read
 * before (or cached by an older extractor) are loaded and parsed, then stored for every later read.
 */
export async function loadDocumentLinks(db: Knex, hashes: string[]): Promise<Map<string, string[]>> {
  const unique = [...new Set(hashes.filter(Boolean))];
  const out = new Map<string, string[]>();
  for (let i = 0; i < unique.length; i += 1000) {
    const rows: Array<{ hash: string; links: string[] }> = await db('document_links')
      .whereIn('hash', unique.slice(i, i + 1000))
      .where({ version: LINKS_EXTRACTOR_VERSION })
      .select('hash', 'links');
    rows.forEach((r) => out.set(r.hash, r.links));
  }
  const missing = unique.filter((h) => !out.has(h));
  if (missing.length === 0) return out;
  const documents = await loadDocuments(db, missing);
  const fresh = [...documents].map(([hash, markdown]) => ({ hash, links: extractHrefs(markdown) }));
  fresh.forEach((r) => out.set(r.hash, r.links));
  for (let i = 0; i < fresh.length; i += 500) {
    const batch = fresh.slice(i, i + 500).map((r) => ({ hash: r.hash, version: LINKS_EXTRACTOR_VERSION, links: JSON.stringify(r.links) }));
    await db('document_links').insert(batch).onConflict('hash').merge(['version', 'links']);
  }
  return out;
}

export interface ChangeRequestContent {
  changeRequestId: string;
  pages: PageNode[];
  files: FileEntry[];
}

/**
 * The content of the space's change requests still in progress (draft or open) whose revision differs
 * from `liveRevisionId` (one that does not differ changes nothing), in creation order.
 */
export async function activeChangeRequestContents(db: Knex, spaceId: string, liveRevisionId: string): Promise<ChangeRequestContent[]> {
  const rows: Array<{ id: string; revision_id: string }> = await db('change_requests')
    .where({ space_id: spaceId })
    .whereIn('status', ['draft', 'open'])
    .whereNot('revision_id', liveRevisionId)
    .orderBy('seq')
    .select('id', 'revision_id');
  const revisions = await findRevisions(db, spaceId, rows.map((row) => row.revision_id));
  return rows.flatMap((row) => {
    const revision = revisions.get(row.revision_id);
    return revision ? [{ changeRequestId: row.id, pages: revision.pages, files: revision.files }] : [];
  });
}
