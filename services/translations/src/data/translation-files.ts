import type { Knex } from 'knex';

/** The source space's files a translation copied into its result space, by source file id. */
export async function translationFiles(db: Knex, translationId: string): Promise<Map<string, string>> {
  const rows: Array<{ source_file_id: string; result_file_id: string }> = await db('translation_files').where({ translation_id: translationId });
  return new Map(rows.map((r) => [r.source_file_id, r.result_file_id]));
}

export async function addTranslationFiles(db: Knex, translationId: string, copied: Map<string, string>): Promise<void> {
  if (!copied.size) return;
  await db('translation_files')
    .insert([...copied].map(([source, result]) => ({ translation_id: translationId, source_file_id: source, result_file_id: result })))
    .onConflict(['translation_id', 'source_file_id'])
    .merge();
}
