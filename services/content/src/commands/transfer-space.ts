import { authorize, roleIn, type Caller, type Role } from '@dp/auth';
import { badRequest, conflict, notFound } from '@dp/http';
import type { ContentContext } from '../context';
import { findCollection } from '../data/collections';
import { findSpace, lockSpace, updateSpace, type SpaceRow } from '../data/spaces';
import { visibilityUnder } from '../domain/collection-tree';
import { siblingKey } from '@dp/ordering';
import { lockInTree, placeItem, requireParentCollection } from './placement';
import { spacePlacementChanged } from './space-placement-event';
import type { TransferSpaceBody } from '../schemas/collections';

/**
 * Transfers a live space to another organization, into a collection, or both; it lands last among its new
 * siblings. The caller must be an admin of the space's organization and able to create content in the
 * target one. A space that ends up in no collection with visibility `in-collection` becomes `private`.
 */
export async function transferSpace(ctx: ContentContext, caller: Caller, spaceId: string, input: TransferSpaceBody): Promise<{ space: SpaceRow; role: Role }> {
  const seen = await findSpace(ctx.db, spaceId);
  if (!seen || seen.deleted_at) throw notFound('Space');
  authorize(caller, seen.organization_id, 'admin', 'Space');
  let targetOrganizationId = input.organization;
  if (targetOrganizationId) authorize(caller, targetOrganizationId, 'createContent', 'Organization');
  if (input.collection) {
    const collection = await findCollection(ctx.db, input.collection);
    // A collection of an organization the caller is not a member of is as unknown as one that does not exist.
    if (!collection || !roleIn(caller, collection.organization_id)) throw badRequest(`body.collection: collection ${input.collection} does not exist`);
    if (targetOrganizationId && collection.organization_id !== targetOrganizationId) {
      throw badRequest(`body.collection: collection ${input.collection} is not in organization ${targetOrganizationId}`);
    }
    targetOrganizationId = collection.organization_id;
  }
  const organizationId = targetOrganizationId!;
  const role = authorize(caller, organizationId, 'createContent', 'Organization');
  const parentId = input.collection ?? null;
  if (organizationId === seen.organization_id && parentId === seen.parent_id) throw conflict('The transfer would not change anything: the space is already there');

  return ctx.db.transaction(async (trx) => {
    const space = await lockInTree(trx, seen, () => lockSpace(trx, spaceId), [organizationId]);
    if (!space || space.deleted_at) throw notFound('Space');
    if (parentId !== null) await requireParentCollection(trx, organizationId, parentId, 'body.collection');
    if (organizationId === space.organization_id && parentId === space.parent_id) throw conflict('The transfer would not change anything: the space is already there');
    const position = await placeItem(trx, { organizationId, parentId, key: siblingKey('space', space.id), where: {} });
    const transferred = await updateSpace(trx, spaceId, {
      organization_id: organizationId,
      parent_id: parentId,
      position,
      visibility: visibilityUnder(space.visibility, parentId),
    });
    await spacePlacementChanged(ctx, trx, transferred);
    return { space: transferred, role };
  });
}
