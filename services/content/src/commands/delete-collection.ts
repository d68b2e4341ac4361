import type { Caller } from '@dp/auth';
import { authorizeOnCollection } from '../queries/load-collection';
import { ContentEvents } from '@dp/events';
import { conflict } from '@dp/http';
import type { ContentContext } from '../context';
import { deleteCollectionRow, findCollection, hasChildCollections, lockCollection } from '../data/collections';
import { updateSpace } from '../data/spaces';
import { hasLiveSpaces, lockSpacesIn } from '../data/tree';
import { visibilityUnder } from '../domain/collection-tree';
import { collectionSnapshot } from '../presenters/collection';
import { siblingKey } from '@dp/ordering';
import { lockInTree, placeItem } from './placement';
import { spacesPlacementChanged } from './space-placement-event';

/**
 * An admin of the collection (by role or grant) deletes it when empty, for good (collections have no restore window). A collection that
 * still holds collections or live spaces is refused with a 409: nothing is deleted or moved implicitly.
 * Deleted spaces still restorable from it move up to its parent (or the top level), last, so that a restore
 * brings them back somewhere that exists. Returns false when there was nothing to delete.
 */
export async function deleteCollection(ctx: ContentContext, caller: Caller, collectionId: string): Promise<boolean> {
  const seen = await findCollection(ctx.db, collectionId);
  if (!seen) return false;
  await authorizeOnCollection(ctx.db, caller, seen, 'admin');
  return ctx.db.transaction(async (trx) => {
    const collection = await lockInTree(trx, seen, () => lockCollection(trx, collectionId));
    if (!collection) return false;
    await authorizeOnCollection(trx, caller, collection, 'admin');
    if ((await hasChildCollections(trx, collectionId)) || (await hasLiveSpaces(trx, collectionId))) {
      throw conflict('Collection is not empty: move or delete the collections and spaces in it first');
    }
    const parentId = collection.parent_id;
    const rehomed = [];
    for (const space of await lockSpacesIn(trx, [collectionId])) {
      const position = await placeItem(trx, { organizationId: collection.organization_id, parentId, key: siblingKey('space', space.id), where: {} });
      rehomed.push(await updateSpace(trx, space.id, { parent_id: parentId, position, visibility: visibilityUnder(space.visibility, parentId) }));
    }
    await spacesPlacementChanged(ctx, trx, rehomed);
    await deleteCollectionRow(trx, collectionId);
    await ctx.emit(trx, ContentEvents.COLLECTION_DELETED, { collection: collectionSnapshot(collection) }, collectionId);
    return true;
  });
}
