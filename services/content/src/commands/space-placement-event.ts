import type { Knex } from 'knex';
import { ContentEvents } from '@dp/events';
import type { ContentContext } from '../context';
import { countSpaces } from '../data/space-counts';
import type { SpaceRow } from '../data/spaces';
import { versionedSnapshot } from './space-events';

/**
 * A move or transfer changes the space: content.space.updated, whose snapshot carries `parent` and
 * `organization` (and the space's counters, as every snapshot that has them). One counting query for
 * all of `spaces`.
 */
export async function spacesPlacementChanged(ctx: ContentContext, trx: Knex.Transaction, spaces: SpaceRow[]): Promise<void> {
  if (spaces.length === 0) return;
  const counts = await countSpaces(trx, spaces.map((s) => s.id));
  for (const space of spaces) await ctx.emit(trx, ContentEvents.SPACE_UPDATED, { space: await versionedSnapshot(trx, space, counts.get(space.id)) }, space.id);
}

export const spacePlacementChanged = (ctx: ContentContext, trx: Knex.Transaction, space: SpaceRow) => spacesPlacementChanged(ctx, trx, [space]);
