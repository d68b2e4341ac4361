import type { Knex } from 'knex';
import { type ListParams } from '@dp/http';
import { paginate } from '@dp/db';

export interface SpecRow {
  seq: string;
  id: string;
  organization_id: string;
  slug: string;
  /** Exactly one of source_url and source_text is set: where the specification comes from. */
  source_url: string | null;
  source_text: string | null;
  processing_state: 'pending' | 'progress' | 'complete';
  visibility: 'private' | 'public';
  last_version_id: string | null;
  last_processed_at: Date | null;
  last_process_error_code: 'FETCH_TIMEOUT' | 'FETCH_ERROR' | 'PARSE_ERROR' | null;
  /** Why the last processing failed, in words (the parser's or the fetcher's message). */
  last_process_error_message: string | null;
  created_by: string;
  created_at: Date;
  updated_at: Date;
}

export type NewSpecRow = Pick<SpecRow, 'id' | 'organization_id' | 'slug' | 'source_url' | 'source_text' | 'processing_state' | 'created_by'>;

export const findSpecById = (db: Knex, id: string) => db<SpecRow>('specs').where({ id }).first();

/** The spec with a row lock, for the processing run that will rewrite its state. */
export const lockSpecById = (db: Knex, id: string) => db<SpecRow>('specs').where({ id }).forUpdate().first();

/** A processing run has started: committed on its own, so that readers see `progress` while it fetches. */
export async function markInProgress(db: Knex, id: string): Promise<void> {
  await db<SpecRow>('specs').where({ id }).update({ processing_state: 'progress' });
}

/**
 * Marks up to `limit` specs from a URL whose last processing (or creation) is older than `dueBefore` as
 * `pending` and returns them, skipping rows another worker holds: each is then queued for a refresh.
 * A spec already `pending` has a run queued.
 */
export async function takeDueUrlSpecs(trx: Knex.Transaction, dueBefore: Date, limit: number): Promise<SpecRow[]> {
  const due = trx<SpecRow>('specs')
    .select('id')
    .whereNotNull('source_url')
    .whereNot({ processing_state: 'pending' })
    .whereRaw('coalesce(last_processed_at, created_at) < ?', [dueBefore])
    .orderByRaw('coalesce(last_processed_at, created_at)')
    .limit(limit)
    .forUpdate()
    .skipLocked();
  return trx<SpecRow>('specs').whereIn('id', due).update({ processing_state: 'pending' }).returning('*');
}

/** What a processing run leaves on the spec: always `complete` and `last_processed_at`; the rest as given. */
export type ProcessedFields = Pick<SpecRow, 'last_process_error_code' | 'last_process_error_message'> & Partial<Pick<SpecRow, 'last_version_id'>>;

export async function recordProcessed(db: Knex, id: string, fields: ProcessedFields): Promise<void> {
  await db<SpecRow>('specs')
    .where({ id })
    .update({ ...fields, processing_state: 'complete', last_processed_at: db.fn.now() });
}

export const findSpec = (db: Knex, organizationId: string, slug: string) => db<SpecRow>('specs').where({ organization_id: organizationId, slug }).first();

/** Inserts the spec unless its organization already has one with that slug; returns undefined then. */
export async function insertSpecIfSlugFree(db: Knex, row: NewSpecRow): Promise<SpecRow | undefined> {
  const [spec] = await db<SpecRow>('specs').insert(row).onConflict(['organization_id', 'slug']).ignore().returning('*');
  return spec as SpecRow | undefined;
}

/** Gives the spec a new source, to be processed again; returns it, or undefined when there was none. */
export async function replaceSpecSource(db: Knex, organizationId: string, slug: string, source: Pick<SpecRow, 'source_url' | 'source_text'>): Promise<SpecRow | undefined> {
  const [spec] = await db<SpecRow>('specs')
    .where({ organization_id: organizationId, slug })
    .update({ ...source, processing_state: 'pending', updated_at: db.fn.now() })
    .returning('*');
  return spec as SpecRow | undefined;
}

export async function updateSpecVisibility(db: Knex, organizationId: string, slug: string, visibility: SpecRow['visibility']): Promise<SpecRow | undefined> {
  const [spec] = await db<SpecRow>('specs').where({ organization_id: organizationId, slug }).update({ visibility, updated_at: db.fn.now() }).returning('*');
  return spec as SpecRow | undefined;
}

/** Deletes the spec; returns it, or undefined when there was none. */
export async function deleteSpec(db: Knex, organizationId: string, slug: string): Promise<SpecRow | undefined> {
  const [spec] = await db<SpecRow>('specs').where({ organization_id: organizationId, slug }).delete().returning('*');
  return spec as SpecRow | undefined;
}

export function listSpecs(db: Knex, organizationId: string, params: ListParams) {
  return paginate<SpecRow>(db('specs').where({ organization_id: organizationId }), params);
}
