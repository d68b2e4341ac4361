import { authorize, requireUser, type Caller, type Role } from '@dp/auth';
import { newId } from '@dp/db';
import { ContentEvents } from '@dp/events';
import type { ContentContext } from '../context';
import { insertCollection, type CollectionRow } from '../data/collections';
import { collectionSnapshot } from '../presenters/collection';
import { placeNewItem } from './placement';
import type { CreateCollectionBody } from '../schemas/collections';

/** A member who may create content creates a collection, at the top level or in a collection, last among its siblings. */
export async function createCollection(ctx: ContentContext, caller: Caller, organizationId: string, input: CreateCollectionBody): Promise<{ collection: CollectionRow; role: Role }> {
  const role = authorize(caller, organizationId, 'createContent', 'Organization');
  const userId = requireUser(caller);
  return ctx.db.transaction(async (trx) => {
    const { parentId, position } = await placeNewItem(trx, organizationId, input.parent ?? null);
    const collection = await insertCollection(trx, {
      id: newId(),
      organization_id: organizationId,
      parent_id: parentId,
      title: input.title ?? '',
      position,
      created_by: userId,
    });
    await ctx.emit(trx, ContentEvents.COLLECTION_CREATED, { collection: collectionSnapshot(collection) }, collection.id);
    return { collection, role };
  });
}
