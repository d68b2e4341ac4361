import type { Knex } from 'knex';
import { ContentEvents } from '@dp/events';
import type { ContentContext } from '../context';
import { countSpaces } from '../data/space-counts';
import { findSpace } from '../data/spaces';
import { spaceSnapshot } from '../presenters/space';

/**
 * `content.space.updated` with the space as it is inside `trx`, counters included: contexts that keep a
 * copy of the space (sites) stay current when its revision or its counters (open comments, change requests) change.
 */
export async function emitSpaceUpdated(ctx: ContentContext, trx: Knex.Transaction, spaceId: string): Promise<void> {
  const space = await findSpace(trx, spaceId);
  if (!space) return;
  const counts = (await countSpaces(trx, [spaceId])).get(spaceId);
  await ctx.emit(trx, ContentEvents.SPACE_UPDATED, { space: spaceSnapshot(space, counts) }, spaceId);
}
