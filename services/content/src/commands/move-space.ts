import { authorize, type Caller, type Role } from '@dp/auth';
import { notFound } from '@dp/http';
import type { ContentContext } from '../context';
import { findSpace, lockSpace, updateSpace, type SpaceRow } from '../data/spaces';
import { visibilityUnder } from '../domain/collection-tree';
import { siblingKey } from '@dp/ordering';
import { spacePlacementChanged } from './space-placement-event';
import { lockInTree, placeItem, requireParentCollection, whereOf } from './placement';
import type { MoveBody } from '../schemas/collections';

/**
 * A creator moves a live space into a collection of its organization or to the top level, and/or among
 * its siblings. A space leaving every collection with visibility `in-collection` becomes `private`.
 */
export async function moveSpace(ctx: ContentContext, caller: Caller, spaceId: string, input: MoveBody): Promise<{ space: SpaceRow; role: Role }> {
  const seen = await findSpace(ctx.db, spaceId);
  if (!seen || seen.deleted_at) throw notFound('Space');
  authorize(caller, seen.organization_id, 'createContent', 'Space');
  return ctx.db.transaction(async (trx) => {
    const space = await lockInTree(trx, seen, () => lockSpace(trx, spaceId));
    if (!space || space.deleted_at) throw notFound('Space');
    const organizationId = space.organization_id;
    const role = authorize(caller, organizationId, 'createContent', 'Space');
    const parentId = input.parent === undefined ? space.parent_id : input.parent;
    if (parentId !== null) await requireParentCollection(trx, organizationId, parentId);
    const position = await placeItem(trx, {
      organizationId,
      parentId,
      key: siblingKey('space', space.id),
      where: whereOf(input.position),
      currentParentId: space.parent_id,
    });
    const moved = await updateSpace(trx, spaceId, { parent_id: parentId, position, visibility: visibilityUnder(space.visibility, parentId) });
    await spacePlacementChanged(ctx, trx, moved);
    return { space: moved, role };
  });
}
