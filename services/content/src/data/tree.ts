import type { Knex } from 'knex';
import { paginate, type OrderKey } from '@dp/db';
import type { ListParams } from '@dp/http';
import type { Sibling } from '@dp/ordering';
import type { SpaceRow } from './spaces';

/**
 * Serialises changes to the shape of organizations' content trees (create, move, transfer, delete of
 * collections and spaces) for the rest of the transaction: cycle checks, emptiness checks and sibling
 * positions are then decided on a tree nobody else is changing. Organizations are locked in one order, so
 * a transfer (two organizations) never deadlocks with another. Take it before any row lock.
 */
export async function lockTrees(trx: Knex.Transaction, organizationIds: string[]): Promise<void> {
  for (const id of [...new Set(organizationIds)].sort()) {
    await trx.raw('select pg_advisory_xact_lock(hashtextextended(?, 0))', [`content.tree:${id}`]);
  }
}

/**
 * The items directly under `parentId` (null: the organization's top level), collections and live spaces
 * together, in sibling order. Deleted spaces keep their position but take no place among the siblings.
 */
export async function siblingsUnder(db: Knex, organizationId: string, parentId: string | null): Promise<Sibling[]> {
  // `parent_id is null` / `= ?` rather than `is not distinct from`, which no index serves.
  const parent = parentId === null ? 'parent_id is null' : 'parent_id = ?';
  const parentBinding = parentId === null ? [] : [parentId];
  const { rows } = await db.raw<{ rows: Sibling[] }>(
    `select key, position from (
       select 'collection:' || id as key, position from collections where organization_id = ? and ${parent}
       union all
       select 'space:' || id as key, position from spaces where organization_id = ? and ${parent} and deleted_at is null
     ) s order by position, key`,
    [organizationId, ...parentBinding, organizationId, ...parentBinding],
  );
  return rows.map((r) => ({ key: r.key, position: Number(r.position) }));
}

/** Writes the positions of renumbered siblings. */
export async function writePositions(db: Knex, siblings: Sibling[]): Promise<void> {
  for (const s of siblings) {
    const [kind, id] = s.key.split(':');
    await db(kind === 'collection' ? 'collections' : 'spaces').where({ id }).update({ position: s.position });
  }
}

/**
 * Sibling order as a list's keyset: by position, then `seq` so the order is total. An item moved between two
 * page reads may show up on both sides of the cursor or on neither (docs/adr/0010).
 */
export const SIBLING_ORDER: readonly OrderKey[] = [
  { column: 'position', type: 'double precision' },
  { column: 'seq', type: 'bigint' },
];

/** Live spaces directly in a collection, in sibling order. */
export function listSpacesInCollection(db: Knex, collectionId: string, params: ListParams) {
  return paginate<SpaceRow>(db('spaces').where({ parent_id: collectionId }).whereNull('deleted_at'), params, { keys: SIBLING_ORDER });
}

export async function hasLiveSpaces(db: Knex, collectionId: string): Promise<boolean> {
  return !!(await db('spaces').where({ parent_id: collectionId }).whereNull('deleted_at').first('id'));
}

/** Every space (live or deleted) directly in one of `collectionIds`, locked. */
export const lockSpacesIn = (trx: Knex.Transaction, collectionIds: string[]) =>
  trx<SpaceRow>('spaces').whereIn('parent_id', collectionIds).orderBy('seq').forUpdate();

/** Moves every space (live or deleted) directly in one of `collectionIds` to another organization; returns them. */
export async function moveSpacesToOrganization(db: Knex, collectionIds: string[], organizationId: string): Promise<SpaceRow[]> {
  return db<SpaceRow>('spaces')
    .whereIn('parent_id', collectionIds)
    .update({ organization_id: organizationId, updated_at: db.fn.now() })
    .returning('*');
}
