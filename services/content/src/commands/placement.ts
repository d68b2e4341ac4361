import type { Knex } from 'knex';
import { badRequest, conflict } from '@dp/http';
import { findCollection, type CollectionRow } from '../data/collections';
import { lockTrees, siblingsUnder, writePositions } from '../data/tree';
import type { ContentPointer, ContentPosition } from '../schemas/collections';
import { insertionIndex, isSamePlace, PositionError, positionsAt, siblingKey, type Where } from '@dp/ordering';

/** Placing collections and spaces in an organization's tree: shared by the create, move and transfer commands. */


/** `space <id>` or `collection <id>`, as an error names an item of the tree. */
const describeItem = (key: string) => key.replace(':', ' ');

const keyOf = (p: ContentPointer) => (p.type === 'space' ? siblingKey('space', p.space) : siblingKey('collection', p.collection));

export function whereOf(position: ContentPosition | undefined): Where {
  return {
    ...(position?.before ? { before: keyOf(position.before) } : {}),
    ...(position?.after ? { after: keyOf(position.after) } : {}),
  };
}

/**
 * Takes the tree lock of `seen`'s organization (and of `otherOrganizations`), then locks the row itself.
 * Returns undefined when the row is gone meanwhile; a row that moved to another organization between the
 * first read and the lock is a 409 (the caller retries on the current state).
 */
export async function lockInTree<T extends { organization_id: string }>(
  trx: Knex.Transaction,
  seen: T,
  lock: () => Promise<T | undefined>,
  otherOrganizations: string[] = [],
): Promise<T | undefined> {
  await lockTrees(trx, [seen.organization_id, ...otherOrganizations]);
  const locked = await lock();
  if (locked && locked.organization_id !== seen.organization_id) throw conflict('It was transferred to another organization meanwhile: retry');
  return locked;
}

/** The collection a body names as parent: it must exist in `organizationId`, or the request is a 400. */
export async function requireParentCollection(db: Knex, organizationId: string, collectionId: string, field = 'body.parent'): Promise<CollectionRow> {
  const collection = await findCollection(db, collectionId);
  if (!collection || collection.organization_id !== organizationId) {
    throw badRequest(`${field}: collection ${collectionId} does not exist in this organization`);
  }
  return collection;
}

/**
 * Computes the position of item `key` placed under `parentId` as `where` says (default: at the end), and
 * writes the siblings' new positions when they had to be renumbered. With `currentParentId`, a placement that
 * would leave the item where it is already is a 409 (official: "Operation would not result in any update").
 * A reference to something that is not a sibling there is a 400. Call with the tree lock held.
 */
export async function placeItem(
  trx: Knex.Transaction,
  opts: { organizationId: string; parentId: string | null; key: string; where: Where; currentParentId?: string | null },
): Promise<number> {
  const all = await siblingsUnder(trx, opts.organizationId, opts.parentId);
  const others = all.filter((s) => s.key !== opts.key);
  try {
    if (opts.currentParentId !== undefined && opts.currentParentId === opts.parentId && isSamePlace(all, opts.key, opts.where, describeItem)) {
      throw conflict('The move would not change anything: the item is already at that place');
    }
    const {
      positions: [position],
      renumbered,
    } = positionsAt(others, insertionIndex(others, opts.where, describeItem));
    if (renumbered) await writePositions(trx, renumbered);
    return position;
  } catch (err) {
    if (err instanceof PositionError) throw badRequest(`body.${err.message}`);
    throw err;
  }
}

/** Tree lock, parent check and end position for an item being created under `parentId`. */
export async function placeNewItem(trx: Knex.Transaction, organizationId: string, parentId: string | null): Promise<{ parentId: string | null; position: number }> {
  await lockTrees(trx, [organizationId]);
  if (parentId !== null) await requireParentCollection(trx, organizationId, parentId);
  const position = await placeItem(trx, { organizationId, parentId, key: '', where: {} });
  return { parentId, position };
}
