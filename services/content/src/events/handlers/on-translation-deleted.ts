import { defineHandler } from '@dp/bus';
import { TranslationsEvents } from '@dp/events';
import { forgetTranslation } from '../../data/space-translations';

/** A deleted translation's pages are no longer each other's other languages. */
export const onTranslationDeleted = defineHandler(TranslationsEvents.TRANSLATION_DELETED, async (event, trx) => {
  await forgetTranslation(trx, event.data.translationId, event.data.organizationId);
});
