import { authorize, type Caller, type Role } from '@dp/auth';
import { ContentEvents } from '@dp/events';
import { badRequest, notFound } from '@dp/http';
import type { ContentContext } from '../context';
import { ancestorIds, findCollection, lockCollection, updateCollection, type CollectionRow } from '../data/collections';
import { createsCycle } from '../domain/collection-tree';
import { siblingKey } from '@dp/ordering';
import { collectionSnapshot } from '../presenters/collection';
import { lockInTree, placeItem, requireParentCollection, whereOf } from './placement';
import type { MoveBody } from '../schemas/collections';

/**
 * A creator moves a collection (with everything in it) under another collection of the same organization
 * or to the top level, and/or among its siblings. Moving it into itself or one of its descendants is a 400.
 */
export async function moveCollection(ctx: ContentContext, caller: Caller, collectionId: string, input: MoveBody): Promise<{ collection: CollectionRow; role: Role }> {
  const seen = await findCollection(ctx.db, collectionId);
  if (!seen) throw notFound('Collection');
  authorize(caller, seen.organization_id, 'createContent', 'Collection');
  return ctx.db.transaction(async (trx) => {
    const collection = await lockInTree(trx, seen, () => lockCollection(trx, collectionId));
    if (!collection) throw notFound('Collection');
    const organizationId = collection.organization_id;
    const role = authorize(caller, organizationId, 'createContent', 'Collection');
    const parentId = input.parent === undefined ? collection.parent_id : input.parent;
    if (parentId !== null) {
      if (parentId !== collection.id) await requireParentCollection(trx, organizationId, parentId);
      const ancestors = parentId === collection.id ? [] : await ancestorIds(trx, parentId);
      if (createsCycle(collection.id, parentId, ancestors)) throw badRequest('body.parent: a collection cannot be moved into itself or into a collection nested in it');
    }
    const position = await placeItem(trx, {
      organizationId,
      parentId,
      key: siblingKey('collection', collection.id),
      where: whereOf(input.position),
      currentParentId: collection.parent_id,
    });
    const moved = await updateCollection(trx, collectionId, { parent_id: parentId, position });
    await ctx.emit(trx, ContentEvents.COLLECTION_UPDATED, { collection: collectionSnapshot(moved) }, collectionId);
    return { collection: moved, role };
  });
}
