import type { Viewer } from '@dp/grants';
import { visibleTo } from './content-permissions';
import type { Knex } from 'knex';
import { type ListParams } from '@dp/http';
import { runPrepared, statement, paginate, type Writable } from '@dp/db';
import type { SpaceCounts } from '@dp/events';
import type { SpaceColumns } from '@dp/presenters';
import type { SpaceMergeRules } from '../domain/merge-rules';
import { COUNT_COLUMNS, COUNT_JOIN, countsOf, type CountColumns } from './space-counts';

export interface SpaceRow extends SpaceColumns {
  seq: string;
  created_by: string;
  /** Order among the items of its parent (collection or top level); see @dp/ordering. */
  position: number;
  /** The official MergeRulesSpaceConfiguration (docs/adr/0103). */
  merge_rules: SpaceMergeRules;
}

/**
 * The columns of a SpaceRow, listed rather than `*`: a named statement keeps its result type for the life of
 * the connection, and PostgreSQL refuses to run it ("cached plan must not change result type") once a
 * migration added a column to spaces under a running process.
 */
const SPACE_COLUMNS = ['seq', 'id', 'organization_id', 'title', 'emoji', 'visibility', 'edit_mode', 'parent_id', 'default_level', 'revision_id', 'created_by', 'created_at', 'updated_at', 'deleted_at', 'position', 'merge_rules', 'language']
  .map((c) => `s.${c}`)
  .join(', ');

// The hot reads (every request about a space authorizes on it) are named statements, planned once per connection.
const SPACE_BY_ID = statement('content_space_by_id', `select ${SPACE_COLUMNS} from spaces s where s.id = $1`);
const SPACE_WITH_COUNTS_BY_ID = statement('content_space_with_counts_by_id', `select ${SPACE_COLUMNS}, ${COUNT_COLUMNS} from spaces s ${COUNT_JOIN} where s.id = $1`);

/** The channel every write of what GET of a space reads notifies (migration 128, docs/adr/0113). */
export const spaceReadsChannel = (schema: string) => `reads_${schema}`;

export const findSpace = async (db: Knex, id: string): Promise<SpaceRow | undefined> => (await runPrepared<SpaceRow>(db, SPACE_BY_ID, [id]))[0];

/** A space and its counters in one query (GET of a space). */
export async function findSpaceWithCounts(db: Knex, id: string): Promise<{ space: SpaceRow; counts: SpaceCounts } | undefined> {
  const [row] = await runPrepared<SpaceRow & CountColumns>(db, SPACE_WITH_COUNTS_BY_ID, [id]);
  if (!row) return undefined;
  const { count_comments, count_total, count_open, count_draft, ...space } = row;
  return { space, counts: countsOf({ count_comments, count_total, count_open, count_draft }) };
}

/** Which of `ids` are spaces of the organization that are not deleted. */
export const liveSpaceIdsAmong = (db: Knex, organizationId: string, ids: string[]): Promise<string[]> =>
  db('spaces').whereIn('id', ids).where({ organization_id: organizationId }).whereNull('deleted_at').pluck('id');

export const lockSpace = (trx: Knex.Transaction, id: string, shared = false) => {
  const query = trx<SpaceRow>('spaces').where({ id });
  return (shared ? query.forShare() : query.forUpdate()).first();
};

export async function insertSpace(db: Knex, row: Omit<SpaceRow, 'seq' | 'created_at' | 'updated_at' | 'deleted_at' | 'visibility' | 'default_level' | 'edit_mode' | 'position' | 'merge_rules'> & Partial<SpaceRow>): Promise<SpaceRow> {
  const [space] = await db<SpaceRow>('spaces').insert(row).returning('*');
  return space;
}

export async function updateSpace(db: Knex, id: string, patch: Writable<SpaceRow>): Promise<SpaceRow> {
  const [space] = await db<SpaceRow>('spaces')
    .where({ id })
    .update({ ...patch, updated_at: db.fn.now() })
    .returning('*');
  return space;
}

/** The live spaces of an organization; with a viewer, those they may see (docs/adr/0096, 0101). */
export function listLiveSpaces(db: Knex, organizationId: string, params: ListParams, viewer?: Viewer, order: 'asc' | 'desc' = 'asc') {
  const query = db('spaces').where({ organization_id: organizationId }).whereNull('deleted_at');
  visibleTo(db, 'spaces', organizationId, viewer)(query);
  return paginate<SpaceRow>(query, params, { order });
}

/** Deleted spaces past the cutoff, locked for the purge; SKIP LOCKED lets two workers share the job. */
export const lockSpacesDeletedBefore = (trx: Knex.Transaction, cutoff: Date, limit: number) =>
  trx<SpaceRow>('spaces').where('deleted_at', '<', cutoff).orderBy('deleted_at').limit(limit).forUpdate().skipLocked();

export const deleteSpacesForGood = (trx: Knex.Transaction, ids: string[]) => trx('spaces').whereIn('id', ids).delete();

/**
 * The next version of a space's snapshot (1 for the first), taken in `trx`: the row lock serialises the
 * transactions emitting snapshots of one space, so versions follow commit order and a query run after this
 * one sees every earlier emitter's changes.
 */
export async function nextSpaceVersion(trx: Knex.Transaction, spaceId: string): Promise<number> {
  const { rows } = await trx.raw<{ rows: Array<{ version: string }> }>(
    `insert into space_versions (space_id, version) values (?, 1)
       on conflict (space_id) do update set version = space_versions.version + 1
     returning version`,
    [spaceId],
  );
  return Number(rows[0].version);
}
