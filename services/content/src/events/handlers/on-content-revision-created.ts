import { defineHandler } from '@dp/bus';
import { ContentEvents } from '@dp/events';
import { reindexSearchPages } from '../../commands/reindex-search';
import { reusableContentsOf } from '../../data/revisions';
import { changedReusableContentIds } from '../../domain/revision/diff';

/**
 * Keeps the search index on the live content: a revision that became a space's live content (a merge, a
 * duplicate...) re-indexes the pages it changed, and those including a reusable content it changed (their text
 * holds it, docs/adr/0109). Change-request revisions are not searchable.
 */
export const onContentRevisionCreated = defineHandler(ContentEvents.REVISION_CREATED, async (event, trx, log) => {
  if (!event.data.live) return;
  const { spaceId, revisionId, parents } = event.data;
  const reusable = await reusableContentsOf(trx, spaceId, [revisionId, ...parents.slice(0, 1)]);
  const before = { reusableContents: (parents[0] !== undefined && reusable.get(parents[0])) || [] };
  const changedReusable = changedReusableContentIds(before, { reusableContents: reusable.get(revisionId) ?? [] });
  const result = await reindexSearchPages(trx, spaceId, event.data.changedPages, changedReusable);
  log.debug({ spaceId, revisionId, ...result }, 'search index updated');
});
