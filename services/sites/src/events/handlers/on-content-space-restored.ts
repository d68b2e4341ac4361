import { defineHandler } from '@dp/bus';
import { ContentEvents } from '@dp/events';
import { syncSpaceCopy } from '../../commands/sync-space-copy';

/** A space was restored: the copy is live again, but the space does not come back into the sites it left; it can be added again (docs/adr/0008). */
export const onContentSpaceRestored = defineHandler(ContentEvents.SPACE_RESTORED, (event, trx, log, emit) => syncSpaceCopy(trx, event.data.space, log, emit, { create: false }));
