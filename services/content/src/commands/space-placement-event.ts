import type { Knex } from 'knex';
import { ContentEvents } from '@dp/events';
import type { ContentContext } from '../context';
import type { SpaceRow } from '../data/spaces';
import { spaceSnapshot } from '../presenters/space';

/** A move or transfer changes the space: content.space.updated, whose snapshot carries `parent` and `organization`. */
export const spacePlacementChanged = (ctx: ContentContext, trx: Knex.Transaction, space: SpaceRow) =>
  ctx.emit(trx, ContentEvents.SPACE_UPDATED, { space: spaceSnapshot(space) }, space.id);
