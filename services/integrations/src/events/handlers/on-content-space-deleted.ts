import { defineHandler } from '@dp/bus';
import { ContentEvents } from '@dp/events';
import { unbindRemovedTarget } from '../../commands/follow-targets';

/** A deleted space leaves every installation bound to it, each told so (docs/adr/0043). */
export const onContentSpaceDeleted = defineHandler(ContentEvents.SPACE_DELETED, async (event, trx, log) => {
  const unbound = await unbindRemovedTarget(trx, 'space', event.data.space.id);
  if (unbound) log.info({ spaceId: event.data.space.id, installations: unbound }, 'deleted space unbound from its installations');
});
