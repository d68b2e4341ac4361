import { defineHandler } from '@dp/bus';
import { ContentEvents } from '@dp/events';
import { bindNewTarget } from '../../commands/follow-targets';

/** A new space: installations on its organization that take every space are bound to it (docs/adr/0043). */
export const onContentSpaceCreated = defineHandler(ContentEvents.SPACE_CREATED, async (event, trx, log) => {
  const bound = await bindNewTarget(trx, 'space', event.data.space.organization, event.data.space.id);
  if (bound) log.info({ spaceId: event.data.space.id, installations: bound }, 'new space bound to the installations that take every space');
});
