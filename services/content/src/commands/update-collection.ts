import type { Caller, Role } from '@dp/auth';
import { authorizeOnCollection } from '../queries/load-collection';
import { ContentEvents } from '@dp/events';
import { notFound } from '@dp/http';
import type { ContentContext } from '../context';
import { lockCollection, updateCollection, type CollectionRow } from '../data/collections';
import { collectionSnapshot } from '../presenters/collection';
import type { UpdateCollectionBody } from '../schemas/collections';

/** An admin of the collection (by role or grant) changes its title, description or default level (what `permissions.admin` advertises). */
export async function updateCollectionSettings(ctx: ContentContext, caller: Caller, collectionId: string, patch: UpdateCollectionBody): Promise<{ collection: CollectionRow; role: Role }> {
  return ctx.db.transaction(async (trx) => {
    const collection = await lockCollection(trx, collectionId);
    if (!collection) throw notFound('Collection');
    const role = await authorizeOnCollection(trx, caller, collection, 'admin');
    const row: Partial<CollectionRow> = {
      ...(patch.title !== undefined ? { title: patch.title } : {}),
      ...(patch.description !== undefined ? { description: patch.description } : {}),
      ...(patch.defaultLevel !== undefined ? { default_level: patch.defaultLevel } : {}),
    };
    const updated = await updateCollection(trx, collectionId, row);
    await ctx.emit(trx, ContentEvents.COLLECTION_UPDATED, { collection: collectionSnapshot(updated) }, collectionId);
    return { collection: updated, role };
  });
}
