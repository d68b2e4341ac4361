/** Rules of the collection tree. Pure, unit-tested. */

/**
 * True when making `parentId` the parent of collection `collectionId` would close a loop: the new parent is
 * the collection itself or one of its descendants. `ancestorsOfParent` is the chain of the new parent's
 * ancestors (nearest first), as stored now.
 */
export function createsCycle(collectionId: string, parentId: string | null, ancestorsOfParent: readonly string[]): boolean {
  if (parentId === null) return false;
  return parentId === collectionId || ancestorsOfParent.includes(collectionId);
}

/**
 * Visibility a space keeps when it is placed under `parentId` (null: the organization's top level).
 * `in-collection` ("whoever can access the parent collection") only exists for spaces in a collection: a
 * space that leaves every collection falls back to `private`, the narrowest audience, so a move never
 * widens who can read it.
 */
export function visibilityUnder(visibility: string, parentId: string | null): string {
  return visibility === 'in-collection' && parentId === null ? 'private' : visibility;
}

/** Visibility of a space created under `parentId`: in a collection it follows the collection's access. */
export function initialVisibility(parentId: string | null): string {
  return parentId === null ? 'private' : 'in-collection';
}
