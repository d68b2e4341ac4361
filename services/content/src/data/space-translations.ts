import type { Knex } from 'knex';
import type { EventData, TranslationsEvents } from '@dp/events';

type Completed = EventData<typeof TranslationsEvents.TRANSLATION_COMPLETED>;

/**
 * Keeps a translation's page map as its completed run announced it (`at`: the event's time). A map older than the
 * stored one, or for a translation deleted since, changes nothing; a newer one replaces the pages.
 */
export async function storeCompletedTranslation(trx: Knex.Transaction, done: Completed, at: string): Promise<boolean> {
  const [kept] = await trx('space_translations')
    .insert({
      id: done.translationId,
      organization_id: done.organizationId,
      source_space_id: done.sourceSpaceId,
      source_language: done.sourceLanguage,
      result_space_id: done.resultSpaceId,
      language: done.language,
      completed_at: at,
    })
    .onConflict('id')
    .merge(['source_space_id', 'source_language', 'result_space_id', 'language', 'completed_at'])
    .where('space_translations.deleted_at', null)
    .andWhere((q) => q.whereNull('space_translations.completed_at').orWhere('space_translations.completed_at', '<', at))
    .returning('id');
  if (!kept) return false;
  await trx('space_translation_pages').where({ translation_id: done.translationId }).delete();
  const rows = done.pages.map((p) => ({ translation_id: done.translationId, source_page_id: p.source, result_page_id: p.result }));
  for (let i = 0; i < rows.length; i += 1000) await trx('space_translation_pages').insert(rows.slice(i, i + 1000));
  return true;
}

/**
 * A deleted translation: its pages go, a tombstone stays (a late completion must not bring them back). Answers the
 * source and result it joined, when it had been kept.
 */
export async function forgetTranslation(trx: Knex.Transaction, translationId: string, organizationId: string): Promise<{ source: string; result: string } | undefined> {
  const kept = await trx('space_translations').where({ id: translationId }).whereNull('deleted_at').whereNotNull('source_space_id').first('source_space_id', 'result_space_id');
  await trx('space_translations').insert({ id: translationId, organization_id: organizationId, deleted_at: trx.fn.now() }).onConflict('id').merge(['deleted_at']);
  await trx('space_translation_pages').where({ translation_id: translationId }).delete();
  return kept && { source: kept.source_space_id, result: kept.result_space_id };
}

/** A source space and the results of its translations not deleted: the spaces whose pages are each other's languages. */
export async function translationFamilyOf(db: Knex, sourceSpaceId: string): Promise<string[]> {
  const results: string[] = await db('space_translations').where({ source_space_id: sourceSpaceId }).whereNull('deleted_at').pluck('result_space_id');
  return [sourceSpaceId, ...new Set(results)];
}

/**
 * The other language versions of page `pageId` of space `spaceId`: where it is a translation's source, each
 * result's page; where it is a result, the source's page and the page of each other result of that source.
 */
export async function translatedPagesOf(db: Knex, spaceId: string, pageId: string): Promise<Array<{ space: string; page: string; language: string }>> {
  const { rows } = await db.raw<{ rows: Array<{ space: string; page: string; language: string }> }>(
    `
      with family as (
        -- The source page of this page: itself where its space is a source, its source where it is a result.
        select t.source_space_id as space, tp.source_page_id as page
          from space_translations t join space_translation_pages tp on tp.translation_id = t.id
         where t.deleted_at is null and t.result_space_id = :spaceId and tp.result_page_id = :pageId
        union
        select :spaceId, :pageId
      )
      select distinct f.space, f.page, t.source_language as language
        from family f join space_translations t on t.source_space_id = f.space and t.deleted_at is null
       where f.space <> :spaceId and exists (select 1 from space_translation_pages tp where tp.translation_id = t.id and tp.source_page_id = f.page)
      union
      select t.result_space_id, tp.result_page_id, t.language
        from family f
        join space_translations t on t.source_space_id = f.space and t.deleted_at is null
        join space_translation_pages tp on tp.translation_id = t.id and tp.source_page_id = f.page
       where t.result_space_id <> :spaceId
      order by language, space
    `,
    { spaceId, pageId },
  );
  return rows;
}
