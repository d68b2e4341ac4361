import type { EventHandler } from '@dp/bus';
import { ContentEvents, type SpaceSnapshot } from '@dp/events';
import { syncSpaceCopy } from '../../commands/sync-space-copy';

/** A space was deleted: the copy is marked deleted and the space leaves the site spaces of every site (docs/adr/0008). */
export const onContentSpaceDeleted: EventHandler<{ space: SpaceSnapshot }> = {
  type: ContentEvents.SPACE_DELETED,
  handle: (event, trx, log, emit) => syncSpaceCopy(trx, event.data.space, log, emit, { create: true }),
};
