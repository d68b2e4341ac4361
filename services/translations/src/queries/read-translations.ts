import type { Knex } from 'knex';
import { inSnapshot } from '@dp/db';
import type { ListParams, Page } from '@dp/http';
import { findTranslation, listTranslations, translatedPageCounts, type TranslationRow } from '../data/translations';

/** A translation with the number of pages it has translated. */
export interface TranslationWithPages {
  translation: TranslationRow;
  pages: number;
}

/**
 * A translation and its page count as of one moment (docs/adr/0053): a run replaces the translated pages and
 * records itself (status, runs, result) in one transaction, and two plain reads could show the row before the
 * run with the pages after it.
 */
export function readTranslation(db: Knex, organizationId: string, id: string): Promise<TranslationWithPages | undefined> {
  return inSnapshot(db, async (trx) => {
    const translation = await findTranslation(trx, organizationId, id);
    return translation && { translation, pages: (await translatedPageCounts(trx, [translation.id])).get(translation.id) ?? 0 };
  });
}

/** A page of an organization's translations with their page counts, in one snapshot (as above). */
export function readTranslationsPage(db: Knex, organizationId: string, params: ListParams): Promise<Page<TranslationWithPages>> {
  return inSnapshot(db, async (trx) => {
    const page = await listTranslations(trx, organizationId, params);
    const counts = await translatedPageCounts(trx, page.items.map((t) => t.id));
    return { ...page, items: page.items.map((translation) => ({ translation, pages: counts.get(translation.id) ?? 0 })) };
  });
}
