import type { Knex } from 'knex';
import { ContentEvents, type SpaceCounts, type SpaceSnapshot } from '@dp/events';
import type { ContentContext } from '../context';
import { countSpaces } from '../data/space-counts';
import { findSpace, nextSpaceVersion, type SpaceRow } from '../data/spaces';
import { spaceSnapshot } from '@dp/presenters';

/**
 * `content.space.updated` with the space as it is inside `trx`, counters included: contexts that keep a
 * copy of the space (sites) stay current when its revision or its counters (open comments, change requests) change.
 */
export async function emitSpaceUpdated(ctx: ContentContext, trx: Knex.Transaction, spaceId: string): Promise<void> {
  const space = await findSpace(trx, spaceId);
  if (!space) return;
  // The version first: it waits for the space's other emitters, so the counters read next include theirs.
  const version = await nextSpaceVersion(trx, spaceId);
  const counts = (await countSpaces(trx, [spaceId])).get(spaceId);
  await ctx.emit(trx, ContentEvents.SPACE_UPDATED, { space: { ...spaceSnapshot(space, counts), version } }, spaceId);
}

/** The snapshot a content.space.* event carries, with the next version of the space's snapshots (ADR 0029). */
export async function versionedSnapshot(trx: Knex.Transaction, space: SpaceRow, counts?: SpaceCounts): Promise<SpaceSnapshot> {
  return { ...spaceSnapshot(space, counts), version: await nextSpaceVersion(trx, space.id) };
}
