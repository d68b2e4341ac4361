import type { EventHandler } from '@dp/bus';
import { ContentEvents, type SpaceSnapshot } from '@dp/events';
import { syncSpaceCopy } from '../../commands/sync-space-copy';

/** A space was restored: the copy is live again, but the space does not come back into the sites it left; it can be added again (docs/adr/0008). */
export const onContentSpaceRestored: EventHandler<{ space: SpaceSnapshot }> = {
  type: ContentEvents.SPACE_RESTORED,
  handle: (event, trx, log, emit) => syncSpaceCopy(trx, event.data.space, log, emit, { create: false }),
};
