import type { Knex } from 'knex';
import type { FileEntry, PageNode, ReusableContentEntry, RevisionContent } from '../domain/revision/types';
import { cachesOf, PAGE_OBJECT_BYTES } from './immutable-cache';
import { loadPageChunks, storePageChunks } from './page-chunks';

export interface RevisionRow {
  id: string;
  space_id: string;
  parents: string[];
  type: string;
  change_request_id: string | null;
  created_by: string | null;
  created_at: Date;
  pages: PageNode[];
  files: FileEntry[];
  variables: Record<string, string>;
  reusable_contents: ReusableContentEntry[];
  /** The commit a Git Sync import read it from (docs/adr/0107); null for any other revision. */
  git: RevisionGitCommit | null;
}

/** The official GitSyncCommit of a revision, as stored. */
export interface RevisionGitCommit {
  oid: string;
  message: string;
  createdByService: boolean;
  ref?: string;
  url?: string;
}

/** A row as stored: its pages are in `page_chunks` (docs/adr/0104), or in `pages` for rows written before them. */
type StoredRevisionRow = RevisionRow & { page_chunks: string[] | null };

/** Stored rows with their page lists put back together from their chunks (one query for all of them). */
async function withPages(db: Knex, rows: StoredRevisionRow[]): Promise<RevisionRow[]> {
  const chunks = await loadPageChunks(db, [...new Set(rows.flatMap((row) => row.page_chunks ?? []))]);
  return rows.map(({ page_chunks, ...row }) => (page_chunks ? { ...row, pages: page_chunks.flatMap((hash) => chunks.get(hash)!) } : row));
}

export async function insertRevision(
  db: Knex,
  row: { id: string; space_id: string; parents: string[]; created_by: string | null; type?: string; change_request_id?: string | null; content?: RevisionContent; git?: RevisionGitCommit },
): Promise<RevisionRow> {
  const { content, git, ...rest } = row;
  const pages = content?.pages ?? [];
  const [inserted] = await db('revisions')
    .insert({
      ...rest,
      page_chunks: await storePageChunks(db, pages),
      files: JSON.stringify(content?.files ?? []),
      variables: JSON.stringify(content?.variables ?? {}),
      reusable_contents: JSON.stringify(content?.reusableContents ?? []),
      git: git ? JSON.stringify(git) : null,
    })
    .returning(['id', 'space_id', 'parents', 'type', 'change_request_id', 'created_by', 'created_at', 'files', 'variables', 'reusable_contents', 'git']);
  return { ...inserted, pages };
}

/**
 * A revision of a space. Committed revisions are immutable and cached; a read inside a transaction is not
 * cached (the row may be that transaction's own, not yet committed).
 */
export async function findRevision(db: Knex, spaceId: string, id: string): Promise<RevisionRow | undefined> {
  const cache = cachesOf(db).revisions;
  const cached = cache.get(id)?.row;
  if (cached) return cached.space_id === spaceId ? cached : undefined;
  const stored = await db<StoredRevisionRow>('revisions').where({ space_id: spaceId, id }).first();
  if (!stored) return undefined;
  const [row] = await withPages(db, [stored]);
  if (!db.isTransaction) keep(cachesOf(db), row, stored.page_chunks);
  return row;
}

/**
 * Bytes a kept revision holds per page beyond its chunks' (docs/adr/0114): its list's reference, and the index reads
 * build of it (queries/revision-pages.ts: three map entries and the page's path, about 200 B measured).
 */
const KEPT_BYTES_PER_PAGE = 8 + 248;

/**
 * Keeps a committed revision. Its pages are its chunks' objects: it is kept only while every chunk is (the chunks'
 * cache drops it with the first of them to go), so that no page outlives the chunks' bound.
 */
function keep(caches: ReturnType<typeof cachesOf>, row: RevisionRow, chunks: string[] | null): void {
  if (chunks && !chunks.every((hash) => caches.chunks.has(hash))) return;
  const perPage = KEPT_BYTES_PER_PAGE + (chunks ? 0 : PAGE_OBJECT_BYTES);
  const bytes = 512 + row.pages.length * perPage + row.files.length * 200 + row.reusable_contents.length * 200;
  caches.revisions.set(row.id, { row, bytes, chunks: chunks ?? [] });
}

/** The space's live revision; a space always has one, so its absence is a broken invariant (a 500). */
export async function liveRevisionOf(db: Knex, space: { id: string; revision_id: string }): Promise<RevisionRow> {
  const revision = await findRevision(db, space.id, space.revision_id);
  if (!revision) throw new Error(`live revision ${space.revision_id} of space ${space.id} is missing`);
  return revision;
}

/** Several revisions of a space in one query (a transaction's connection runs one query at a time). */
export async function findRevisions(db: Knex, spaceId: string, ids: string[]): Promise<Map<string, RevisionRow>> {
  const rows = await withPages(db, await db('revisions').where({ space_id: spaceId }).whereIn('id', [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r]));
}

/** The reusable contents of revisions of a space, by revision id: their rows only, no pages (docs/adr/0109). */
export async function reusableContentsOf(db: Knex, spaceId: string, ids: string[]): Promise<Map<string, ReusableContentEntry[]>> {
  const rows: Array<Pick<RevisionRow, 'id' | 'reusable_contents'>> = await db('revisions').where({ space_id: spaceId }).whereIn('id', ids).select('id', 'reusable_contents');
  return new Map(rows.map((row) => [row.id, row.reusable_contents]));
}

export const contentOf = (row: RevisionRow): RevisionContent => ({ pages: row.pages, files: row.files, variables: row.variables, reusableContents: row.reusable_contents });

export type RevisionSummaryRow = Pick<RevisionRow, 'id' | 'parents' | 'type' | 'created_by' | 'created_at'>;

/** The longest history walked: far past any real space's merges, a bound on one request's work. */
const MAX_HISTORY = 100_000;

/**
 * A space's history, newest first (issue 26): from `fromId` back through each revision's first parent, which is
 * main as it was before (a merge's second parent is the change request's), at most `limit` revisions; and how
 * many revisions the whole line from `fromId` holds.
 */
export async function mainLine(db: Knex, spaceId: string, fromId: string, limit: number): Promise<{ rows: RevisionSummaryRow[]; count: number }> {
  const { rows } = await db.raw<{ rows: Array<RevisionSummaryRow & { depth: number; total: string }> }>(
    `with recursive line(id, parent, depth) as (
       select id, parents[1], 0 from revisions where id = :fromId and space_id = :spaceId
       union all
       select r.id, r.parents[1], line.depth + 1 from line join revisions r on r.id = line.parent and r.space_id = :spaceId
       where line.depth < ${MAX_HISTORY}
     )
     select r.id, r.parents, r.type, r.created_by, r.created_at, line.depth, count(*) over () as total
       from line join revisions r on r.id = line.id
      order by line.depth limit :limit`,
    { fromId, spaceId, limit },
  );
  return { rows: rows.map(({ depth: _, total: __, ...row }) => row), count: rows.length ? Number(rows[0].total) : 0 };
}
