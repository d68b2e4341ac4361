import type { Knex } from 'knex';

/** A source page's translation as the last good run left it: where it is in the result space and what it says. */
export interface TranslationPageRow {
  translation_id: string;
  source_page_id: string;
  result_page_id: string;
  /** sha256 of the source page's title and markdown when it was translated. */
  source_hash: string;
  title: string;
  markdown: string;
  translated_at: Date;
}

export const translationPages = (db: Knex, translationId: string): Promise<TranslationPageRow[]> => db<TranslationPageRow>('translation_pages').where({ translation_id: translationId });

/** Replaces the page map with what a completed run wrote (pages gone from the source leave it). */
export async function replaceTranslationPages(db: Knex, translationId: string, rows: Array<Omit<TranslationPageRow, 'translated_at' | 'translation_id'>>): Promise<void> {
  await db('translation_pages').where({ translation_id: translationId }).delete();
  if (rows.length) await db('translation_pages').insert(rows.map((r) => ({ ...r, translation_id: translationId })));
}
