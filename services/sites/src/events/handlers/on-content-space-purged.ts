import { defineHandler } from '@dp/bus';
import { ContentEvents } from '@dp/events';
import { removeSpaceFromSites } from '../../commands/sync-space-copy';
import { deleteSpaceCopy, lockSpaceCopy } from '../../data/space-copies';

/**
 * A deleted space passed its restore window and is gone for good: the copy (kept as a tombstone since the
 * deletion) is removed, and with it any site space that might still show it. The copy is locked first,
 * the lock order every writer of copies and sites follows.
 */
export const onContentSpacePurged = defineHandler(ContentEvents.SPACE_PURGED, async (event, trx, log, emit) => {
  if (!(await lockSpaceCopy(trx, event.data.spaceId))) {
    log.debug({ spaceId: event.data.spaceId }, 'no copy of the purged space; nothing to remove');
    return;
  }
  await removeSpaceFromSites(trx, event.data.spaceId, emit);
  await deleteSpaceCopy(trx, event.data.spaceId);
});
