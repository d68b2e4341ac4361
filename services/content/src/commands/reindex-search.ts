import type { Knex } from 'knex';
import { loadDocuments } from '../data/documents';
import { liveRevisionOf } from '../data/revisions';
import { insertSearchPages, moveSearchPages, pagesIncluding, removeSearchPages } from '../data/search-index';
import { withIncludes } from '../queries/included-contents';
import { pageRows, placements, reindexPlan } from '../domain/search/sections';

/**
 * Brings the search rows of `pageIds` in line with the space's live revision, inside the caller's
 * transaction (the worker's inbox transaction). It reads the live revision as it is NOW, not the one an
 * event named: events may be handled out of order, and indexing from the newest state is always right.
 * Index writers of one space are serialised (advisory lock), so the one that runs last reads the newest
 * revision and nothing older can overwrite it. Running it twice changes nothing. A page's text is what readers see:
 * the reusable contents it includes in place, and the pages including `changedReusableContents` are indexed again.
 */
export async function reindexSearchPages(trx: Knex.Transaction, spaceId: string, changedPageIds: string[], changedReusableContents: string[] = []): Promise<{ indexed: number; removed: number }> {
  if (changedPageIds.length === 0 && changedReusableContents.length === 0) return { indexed: 0, removed: 0 };
  await trx.raw('select pg_advisory_xact_lock(hashtextextended(?, 0))', [`search-index:${spaceId}`]);
  // FOR KEY SHARE: a purge waits for us (then takes our rows with the space); merges are not blocked.
  const space: { id: string; revision_id: string } | undefined = await trx('spaces').where({ id: spaceId }).forKeyShare().first('id', 'revision_id');
  if (!space) return { indexed: 0, removed: 0 }; // purged: its rows are gone with it
  const revision = await liveRevisionOf(trx, space);
  // A page including a reusable content that changed shows other text: it is indexed again too (docs/adr/0109).
  const pageIds = [...new Set([...changedPageIds, ...(await pagesIncluding(trx, space.id, changedReusableContents))])];
  const plan = reindexPlan(revision.pages, pageIds);
  const written = await loadDocuments(trx, plan.index.map((p) => p.documentHash).filter((h): h is string => !!h));
  await removeSearchPages(trx, space.id, plan.remove);
  await insertSearchPages(trx, space.id, pageRows(revision.pages, plan.index, await withIncludes(trx, revision, written), written));
  await moveSearchPages(trx, space.id, placements(revision.pages, plan.descendants));
  return { indexed: plan.index.length, removed: plan.remove.length - plan.index.length };
}
