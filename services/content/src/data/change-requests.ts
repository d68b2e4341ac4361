import type { Knex } from 'knex';
import { type ListParams } from '@dp/http';
import { paginate } from '@dp/db';

export interface ChangeRequestRow {
  seq: string;
  id: string;
  space_id: string;
  number: number;
  status: 'draft' | 'open' | 'archived' | 'merged';
  subject: string;
  created_by: string;
  revision_initial: string;
  revision_merged_ancestor: string | null;
  revision_id: string;
  revision_merged: string | null;
  merged_by: string | null;
  merged_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

/** `{changeRequestId}` in paths is the id or the number within the space. */
function byIdOrNumber(query: Knex.QueryBuilder, spaceId: string, idOrNumber: string) {
  query.where({ space_id: spaceId });
  if (/^\d{1,9}$/.test(idOrNumber)) query.where((q) => q.where({ id: idOrNumber }).orWhere({ number: Number(idOrNumber) }));
  else query.where({ id: idOrNumber });
  return query;
}

export const findChangeRequest = (db: Knex, spaceId: string, idOrNumber: string): Promise<ChangeRequestRow | undefined> =>
  byIdOrNumber(db('change_requests'), spaceId, idOrNumber).first();

export const lockChangeRequest = (trx: Knex.Transaction, spaceId: string, idOrNumber: string): Promise<ChangeRequestRow | undefined> =>
  byIdOrNumber(trx('change_requests'), spaceId, idOrNumber).forUpdate().first();

/** The next number in the space; the caller holds the space row lock, so numbers never collide. */
export async function nextChangeRequestNumber(trx: Knex.Transaction, spaceId: string): Promise<number> {
  const row = await trx('change_requests').where({ space_id: spaceId }).max<{ max: number | null }>('number as max').first();
  return (row?.max ?? 0) + 1;
}

export async function insertChangeRequest(db: Knex, row: Omit<ChangeRequestRow, 'seq' | 'created_at' | 'updated_at' | 'revision_merged' | 'merged_by' | 'merged_at' | 'revision_merged_ancestor'>): Promise<ChangeRequestRow> {
  const [cr] = await db('change_requests').insert(row).returning('*');
  return cr;
}

export async function updateChangeRequest(db: Knex, id: string, patch: Partial<ChangeRequestRow>): Promise<ChangeRequestRow> {
  const [cr] = await db('change_requests')
    .where({ id })
    .update({ ...patch, updated_at: db.fn.now() })
    .returning('*');
  return cr;
}

export async function addContributor(db: Knex, changeRequestId: string, userId: string): Promise<void> {
  await db('change_request_contributors')
    .insert({ change_request_id: changeRequestId, user_id: userId })
    .onConflict(['change_request_id', 'user_id'])
    .merge({ edits: db.raw('change_request_contributors.edits + 1'), contributed_at: db.fn.now() });
}

export function listChangeRequests(db: Knex, spaceId: string, params: ListParams & { status?: string; creator?: string; contributor?: string }) {
  const query = db('change_requests').where({ space_id: spaceId });
  if (params.status) query.where({ status: params.status });
  if (params.creator) query.where({ created_by: params.creator });
  if (params.contributor) {
    query.whereExists((q) => q.select(1).from('change_request_contributors as c').whereRaw('c.change_request_id = change_requests.id').where('c.user_id', params.contributor!));
  }
  return paginate<ChangeRequestRow>(query, params);
}
