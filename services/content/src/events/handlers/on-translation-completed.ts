import { defineHandler } from '@dp/bus';
import { ContentEvents, TranslationsEvents } from '@dp/events';
import { storeCompletedTranslation, translationFamilyOf } from '../../data/space-translations';

/**
 * Keeps which page translates which, for the pages' meta links (their other languages), and says so: every space
 * of the source's family may now show other alternates (a published site's hreflang links follow).
 */
export const onTranslationCompleted = defineHandler(TranslationsEvents.TRANSLATION_COMPLETED, async (event, trx, log, emit) => {
  const { translationId, organizationId, sourceSpaceId } = event.data;
  const kept = await storeCompletedTranslation(trx, event.data, event.time);
  log.debug({ translationId, pages: event.data.pages.length, kept }, 'translation page map');
  if (kept) await emit(trx, ContentEvents.SPACE_TRANSLATIONS_UPDATED, { translationId, organizationId, spaceIds: await translationFamilyOf(trx, sourceSpaceId) }, sourceSpaceId);
});
