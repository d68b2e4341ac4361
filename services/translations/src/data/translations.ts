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
  created_at: Date;
  updated_at: Date;
}

export type NewTranslationRow = Omit<TranslationRow, 'seq' | 'created_at' | 'updated_at'>;

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
