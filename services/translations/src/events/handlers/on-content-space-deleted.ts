import { defineHandler } from '@dp/bus';
import { ContentEvents } from '@dp/events';
import { stopTranslationsOf } from '../../data/translations';

/** A source space deleted in content stops its translations; their result spaces stay (docs/adr/0045). */
export const onContentSpaceDeleted = defineHandler(ContentEvents.SPACE_DELETED, async (event, trx, log) => {
  const stopped = await stopTranslationsOf(trx, event.data.space.id);
  if (stopped) log.info({ spaceId: event.data.space.id, translations: stopped }, 'source space deleted: its translations stop');
});
