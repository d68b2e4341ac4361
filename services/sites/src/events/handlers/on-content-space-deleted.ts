import { defineHandler } from '@dp/bus';
import { ContentEvents } from '@dp/events';
import { syncSpaceCopy } from '../../commands/sync-space-copy';

/** A space was deleted: the copy is marked deleted and the space leaves the site spaces of every site (docs/adr/0008). */
export const onContentSpaceDeleted = defineHandler(ContentEvents.SPACE_DELETED, (event, trx, log, emit) => syncSpaceCopy(trx, event.data.space, log, emit, { create: true }));
