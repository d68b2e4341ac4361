import { defineHandler } from '@dp/bus';
import { ContentEvents, TranslationsEvents } from '@dp/events';
import { liveTranslationsOf } from '../../data/translations';

/** The live content of a translated space changed: each of its translations runs again, incrementally (docs/adr/0045). */
export const onContentRevisionCreated = defineHandler(ContentEvents.REVISION_CREATED, async (event, trx, log, emit) => {
  if (!event.data.live) return;
  const translations = await liveTranslationsOf(trx, event.data.spaceId);
  for (const t of translations) await emit(trx, TranslationsEvents.TRANSLATION_RUN_REQUESTED, { translationId: t.id, organizationId: t.organization_id }, t.id);
  if (translations.length) log.info({ spaceId: event.data.spaceId, translations: translations.length }, 'source space changed: translations queued');
});
