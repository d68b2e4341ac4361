import { defineHandler } from '@dp/bus';
import { ContentEvents } from '@dp/events';
import { syncSpaceCopy } from '../../commands/sync-space-copy';

/** A space's settings changed: the copy shown by sites is refreshed (a space no site shows is ignored). */
export const onContentSpaceUpdated = defineHandler(ContentEvents.SPACE_UPDATED, (event, trx, log, emit) => syncSpaceCopy(trx, event.data.space, log, emit, { create: false }));
