import type { Knex } from 'knex';
import { type ListParams } from '@dp/http';
import { paginate, type Writable } from '@dp/db';
import { SIBLING_ORDER } from './tree';
import type { Viewer } from '@dp/grants';
import { visibleTo } from './content-permissions';

export interface CollectionRow {
  seq: string;
  id: string;
  organization_id: string;
  parent_id: string | null;
  title: string;
  description: string | null;
  /** A Role, `inherit`, or null (guests). */
  default_level: string | null;
  position: number;
  created_by: string;
  created_at: Date;
  updated_at: Date;
}

export const findCollection = (db: Knex, id: string) => db<CollectionRow>('collections').where({ id }).first();

export const lockCollection = (trx: Knex.Transaction, id: string) => trx<CollectionRow>('collections').where({ id }).forUpdate().first();

export async function insertCollection(
  db: Knex,
  row: Pick<CollectionRow, 'id' | 'organization_id' | 'parent_id' | 'title' | 'position' | 'created_by'>,
): Promise<CollectionRow> {
  const [collection] = await db<CollectionRow>('collections').insert(row).returning('*');
  return collection;
}

export async function updateCollection(db: Knex, id: string, patch: Writable<CollectionRow>): Promise<CollectionRow> {
  const [collection] = await db<CollectionRow>('collections')
    .where({ id })
    .update({ ...patch, updated_at: db.fn.now() })
    .returning('*');
  return collection;
}

export const deleteCollectionRow = (db: Knex, id: string) => db('collections').where({ id }).delete();

/**
 * Collections of an organization. `nested`: every level, in creation order (`seq`); otherwise only the top
 * level, in sibling order (`position`), which is the order the organization shows them in.
 */
/**
 * The collections of an organization: all (`nested`) or the top level. With a viewer (docs/adr/0096, 0101), those
 * they may see; their top level is those whose parent they may not see (or that have none).
 */
export function listCollections(db: Knex, organizationId: string, nested: boolean, params: ListParams, viewer?: Viewer) {
  const base = db('collections').where({ organization_id: organizationId });
  visibleTo(db, 'collections', organizationId, viewer)(base);
  if (!nested && viewer) {
    const visibleParents = db('collections').select('id').where({ organization_id: organizationId });
    visibleTo(db, 'collections', organizationId, viewer)(visibleParents);
    base.where((q) => q.whereNull('parent_id').orWhereNotIn('parent_id', visibleParents));
  } else if (!nested) base.whereNull('parent_id');
  return nested ? paginate<CollectionRow>(base, params) : paginate<CollectionRow>(base, params, { keys: SIBLING_ORDER });
}

/** Ids of a collection and of every collection nested in it, at any depth. */
export async function subtreeIds(db: Knex, rootId: string): Promise<string[]> {
  const { rows } = await db.raw<{ rows: { id: string }[] }>(
    `with recursive tree(id) as (
       select id from collections where id = ?
       union
       select c.id from collections c join tree t on c.parent_id = t.id
     ) select id from tree`,
    [rootId],
  );
  return rows.map((r) => r.id);
}

/** The ancestors of a collection, nearest first (bounded, in case the stored tree were ever corrupt). */
export async function ancestorIds(db: Knex, collectionId: string): Promise<string[]> {
  const { rows } = await db.raw<{ rows: { id: string }[] }>(
    `with recursive up(id, parent_id, depth) as (
       select id, parent_id, 0 from collections where id = ?
       union all
       select c.id, c.parent_id, up.depth + 1 from collections c join up on c.id = up.parent_id where up.depth < 10000
     ) select id from up where depth > 0 order by depth`,
    [collectionId],
  );
  return rows.map((r) => r.id);
}

export async function hasChildCollections(db: Knex, collectionId: string): Promise<boolean> {
  return !!(await db('collections').where({ parent_id: collectionId }).first('id'));
}

/** Moves collections to another organization; returns them. */
export async function moveCollectionsToOrganization(db: Knex, ids: string[], organizationId: string): Promise<CollectionRow[]> {
  return db<CollectionRow>('collections')
    .whereIn('id', ids)
    .update({ organization_id: organizationId, updated_at: db.fn.now() })
    .returning('*');
}
