import { defineHandler } from '@dp/bus';
import { ContentEvents, TranslationsEvents } from '@dp/events';
import { forgetTranslation, translationFamilyOf } from '../../data/space-translations';

/** A deleted translation's pages are no longer each other's other languages: its family and its result are told. */
export const onTranslationDeleted = defineHandler(TranslationsEvents.TRANSLATION_DELETED, async (event, trx, _log, emit) => {
  const { translationId, organizationId } = event.data;
  const forgotten = await forgetTranslation(trx, translationId, organizationId);
  if (!forgotten) return;
  const spaceIds = [...new Set([...(await translationFamilyOf(trx, forgotten.source)), forgotten.result])];
  await emit(trx, ContentEvents.SPACE_TRANSLATIONS_UPDATED, { translationId, organizationId, spaceIds }, forgotten.source);
});
