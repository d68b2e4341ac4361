import { authorize, type Caller, type Role } from '@dp/auth';
import { ContentEvents } from '@dp/events';
import { conflict, notFound } from '@dp/http';
import type { ContentContext } from '../context';
import { findCollection, lockCollection, moveCollectionsToOrganization, subtreeIds, updateCollection, type CollectionRow } from '../data/collections';
import { moveSpacesToOrganization } from '../data/tree';
import { siblingKey } from '@dp/ordering';
import { collectionSnapshot } from '../presenters/collection';
import { lockInTree, placeItem } from './placement';
import { spacesPlacementChanged } from './space-placement-event';

/**
 * Moves a collection, with every collection nested in it and every space (live or deleted) in those, to
 * another organization, where it lands at the top level, last. The caller must be an admin of the source
 * organization (it loses the content, as with a delete) and able to create content in the target.
 */
export async function transferCollection(ctx: ContentContext, caller: Caller, collectionId: string, targetOrganizationId: string): Promise<{ collection: CollectionRow; role: Role }> {
  const seen = await findCollection(ctx.db, collectionId);
  if (!seen) throw notFound('Collection');
  authorize(caller, seen.organization_id, 'admin', 'Collection');
  const role = authorize(caller, targetOrganizationId, 'createContent', 'Organization');
  if (seen.organization_id === targetOrganizationId) throw conflict('The collection already belongs to this organization');
  return ctx.db.transaction(async (trx) => {
    const collection = await lockInTree(trx, seen, () => lockCollection(trx, collectionId), [targetOrganizationId]);
    if (!collection) throw notFound('Collection');
    const ids = await subtreeIds(trx, collectionId);
    const position = await placeItem(trx, { organizationId: targetOrganizationId, parentId: null, key: siblingKey('collection', collectionId), where: {} });
    await updateCollection(trx, collectionId, { parent_id: null, position });
    const collections = await moveCollectionsToOrganization(trx, ids, targetOrganizationId);
    const spaces = await moveSpacesToOrganization(trx, ids, targetOrganizationId);
    await spacesPlacementChanged(ctx, trx, spaces);
    for (const c of collections) await ctx.emit(trx, ContentEvents.COLLECTION_UPDATED, { collection: collectionSnapshot(c) }, c.id);
    return { collection: collections.find((c) => c.id === collectionId)!, role };
  });
}
