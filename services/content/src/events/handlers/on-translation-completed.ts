import { defineHandler } from '@dp/bus';
import { TranslationsEvents } from '@dp/events';
import { storeCompletedTranslation } from '../../data/space-translations';

/** Keeps which page translates which, for the pages' meta links (their other languages). */
export const onTranslationCompleted = defineHandler(TranslationsEvents.TRANSLATION_COMPLETED, async (event, trx, log) => {
  const kept = await storeCompletedTranslation(trx, event.data, event.time);
  log.debug({ translationId: event.data.translationId, pages: event.data.pages.length, kept }, 'translation page map');
});
