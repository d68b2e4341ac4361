import type { Knex } from 'knex';
import { jsonb, paginate } from '@dp/db';
import type { ListParams } from '@dp/http';

export interface GlossaryEntryRow {
  seq: string;
  id: string;
  organization_id: string;
  /** Language code -> the term in that language. */
  translations: Record<string, string>;
  created_at: Date;
  updated_at: Date;
}

export const findGlossaryEntry = (db: Knex, organizationId: string, id: string) => db<GlossaryEntryRow>('glossary_entries').where({ organization_id: organizationId, id }).first();

/** The organization's entries, oldest first. */
export function listGlossary(db: Knex, organizationId: string, params: ListParams) {
  return paginate<GlossaryEntryRow>(db('glossary_entries').where({ organization_id: organizationId }), params);
}

export const allGlossaryEntries = (db: Knex, organizationId: string): Promise<GlossaryEntryRow[]> => db<GlossaryEntryRow>('glossary_entries').where({ organization_id: organizationId }).orderBy('seq');

export async function insertGlossaryEntry(db: Knex, row: { id: string; organization_id: string; translations: Record<string, string> }): Promise<void> {
  await db('glossary_entries').insert({ ...row, translations: jsonb(db, row.translations) });
}

export async function updateGlossaryEntry(db: Knex, organizationId: string, id: string, translations: Record<string, string>): Promise<boolean> {
  return (await db('glossary_entries').where({ organization_id: organizationId, id }).update({ translations: jsonb(db, translations), updated_at: db.fn.now() })) > 0;
}

export async function deleteGlossaryEntry(db: Knex, organizationId: string, id: string): Promise<boolean> {
  return (await db('glossary_entries').where({ organization_id: organizationId, id }).delete()) > 0;
}
