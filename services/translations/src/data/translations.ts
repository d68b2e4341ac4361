import type { Knex } from 'knex';
import { type ListParams } from '@dp/http';
import { jsonb, paginate } from '@dp/db';
import type { InstructionsDocument } from '../domain/translation';

export interface TranslationRow {
  seq: string;
  id: string;
  organization_id: string;
  language: string;
  source_space_id: string;
  source_language: string;
  instructions: InstructionsDocument;
  status: 'pending' | 'running' | 'completed';
  created_by: string;
  result_space_id: string | null;
  result_revision_id: string | null;
  runs: number;
  total_words: string;
  total_duration_ms: string;
  latest_run_duration_ms: number;
  latest_pages: number;
  latest_words: number;
  last_error: string | null;
  last_run_at: Date | null;
  /** The source space was deleted in content: the translation runs no more. */
  source_deleted_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export type NewTranslationRow = Pick<TranslationRow, 'id' | 'organization_id' | 'language' | 'source_space_id' | 'source_language' | 'instructions' | 'status' | 'created_by'>;

export const findTranslation = (db: Knex, organizationId: string, id: string) =>
  db<TranslationRow>('translations').where({ organization_id: organizationId, id }).first();

export async function insertTranslation(db: Knex, row: NewTranslationRow): Promise<TranslationRow> {
  const [translation] = await db<TranslationRow>('translations')
    .insert({ ...row, instructions: jsonb(db, row.instructions) })
    .returning('*');
  return translation;
}

/** Deletes the translation; returns it, or undefined when the organization had none with that id. */
export async function deleteTranslation(db: Knex, organizationId: string, id: string): Promise<TranslationRow | undefined> {
  const [translation] = await db<TranslationRow>('translations').where({ organization_id: organizationId, id }).delete().returning('*');
  return translation as TranslationRow | undefined;
}

export function listTranslations(db: Knex, organizationId: string, params: ListParams) {
  return paginate<TranslationRow>(db('translations').where({ organization_id: organizationId }), params);
}

export const findTranslationById = (db: Knex, id: string) => db<TranslationRow>('translations').where({ id }).first();

export async function updateInstructions(db: Knex, organizationId: string, id: string, instructions: InstructionsDocument): Promise<TranslationRow | undefined> {
  const [translation] = await db<TranslationRow>('translations').where({ organization_id: organizationId, id }).update({ instructions: jsonb(db, instructions), updated_at: db.fn.now() }).returning('*');
  return translation;
}

export async function setStatus(db: Knex, id: string, status: TranslationRow['status']): Promise<void> {
  await db<TranslationRow>('translations').where({ id }).update({ status });
}

export async function setResultSpace(db: Knex, id: string, spaceId: string): Promise<void> {
  await db<TranslationRow>('translations').where({ id }).update({ result_space_id: spaceId });
}

/** A run's outcome: completed with its revision and measured stats, or its error (status as before it ran). */
export async function recordRun(
  db: Knex,
  id: string,
  outcome: { revisionId: string; pages: number; words: number; durationMs: number } | { error: string; status: TranslationRow['status'] },
): Promise<void> {
  if ('error' in outcome) {
    await db<TranslationRow>('translations').where({ id }).update({ status: outcome.status, last_error: outcome.error.slice(0, 2000), last_run_at: db.fn.now() });
    return;
  }
  await db('translations')
    .where({ id })
    .update({
      status: 'completed',
      result_revision_id: outcome.revisionId,
      runs: db.raw('runs + 1'),
      total_words: db.raw('total_words + ?', [outcome.words]),
      total_duration_ms: db.raw('total_duration_ms + ?', [outcome.durationMs]),
      latest_run_duration_ms: outcome.durationMs,
      latest_pages: outcome.pages,
      latest_words: outcome.words,
      last_error: null,
      last_run_at: db.fn.now(),
      updated_at: db.fn.now(),
    });
}

/** The translations of a source space that still run (a change to it runs them again). */
export const liveTranslationsOf = (db: Knex, spaceId: string) => db<TranslationRow>('translations').where({ source_space_id: spaceId }).whereNull('source_deleted_at');

export async function stopTranslationsOf(db: Knex, spaceId: string): Promise<number> {
  return db('translations').where({ source_space_id: spaceId }).whereNull('source_deleted_at').update({ source_deleted_at: db.fn.now() });
}

/** Pages translated so far (unique): `stats.totalPages`. */
export async function translatedPageCounts(db: Knex, ids: string[]): Promise<Map<string, number>> {
  if (!ids.length) return new Map();
  const rows: Array<{ translation_id: string; count: string }> = await db('translation_pages').select('translation_id').count('* as count').whereIn('translation_id', ids).groupBy('translation_id');
  return new Map(rows.map((r) => [r.translation_id, Number(r.count)]));
}
