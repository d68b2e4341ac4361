import type { Knex } from 'knex';
import { paginate, type ListParams } from '@dp/http';
import type { SpaceColumns } from '@dp/presenters';

export interface SpaceRow extends SpaceColumns {
  seq: string;
  created_by: string;
  /** Order among the items of its parent (collection or top level); see domain/sibling-order.ts. */
  position: number;
}

export const findSpace = (db: Knex, id: string) => db<SpaceRow>('spaces').where({ id }).first();

export const lockSpace = (trx: Knex.Transaction, id: string, shared = false) => {
  const query = trx<SpaceRow>('spaces').where({ id });
  return (shared ? query.forShare() : query.forUpdate()).first();
};

export async function insertSpace(db: Knex, row: Omit<SpaceRow, 'seq' | 'created_at' | 'updated_at' | 'deleted_at' | 'visibility' | 'default_level' | 'edit_mode' | 'position'> & Partial<SpaceRow>): Promise<SpaceRow> {
  const [space] = await db<SpaceRow>('spaces').insert(row as any).returning('*');
  return space;
}

export async function updateSpace(db: Knex, id: string, patch: Partial<SpaceRow>): Promise<SpaceRow> {
  const [space] = await db<SpaceRow>('spaces')
    .where({ id })
    .update({ ...patch, updated_at: db.fn.now() } as any)
    .returning('*');
  return space;
}

export function listLiveSpaces(db: Knex, organizationId: string, params: ListParams) {
  return paginate<SpaceRow>(db('spaces').where({ organization_id: organizationId }).whereNull('deleted_at'), params);
}

/** Deleted spaces past the cutoff, locked for the purge; SKIP LOCKED lets two workers share the job. */
export const lockSpacesDeletedBefore = (trx: Knex.Transaction, cutoff: Date, limit: number) =>
  trx<SpaceRow>('spaces').where('deleted_at', '<', cutoff).orderBy('deleted_at').limit(limit).forUpdate().skipLocked();

export const deleteSpacesForGood = (trx: Knex.Transaction, ids: string[]) => trx('spaces').whereIn('id', ids).delete();
