import { defineHandler } from '@dp/bus';
import { ContentEvents } from '@dp/events';
import { reindexSearchPages } from '../../commands/reindex-search';

/**
 * Keeps the search index on the live content: a revision that became a space's live content (a merge, a
 * duplicate...) re-indexes the pages it changed. Change-request revisions are not searchable.
 */
export const onContentRevisionCreated = defineHandler(ContentEvents.REVISION_CREATED, async (event, trx, log) => {
  if (!event.data.live) return;
  const result = await reindexSearchPages(trx, event.data.spaceId, event.data.changedPages);
  log.debug({ spaceId: event.data.spaceId, revisionId: event.data.revisionId, ...result }, 'search index updated');
});
