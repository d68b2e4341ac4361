import type { Knex } from 'knex';
import type { Role } from '@dp/auth';
import { paginate, type Page } from '@dp/db';
import type { ListParams } from '@dp/http';

/** What roles are granted on (docs/adr/0096): a space, or a collection (inherited by what is in it). */
export type GrantTarget = 'space' | 'collection';
const TABLES = {
  space: { table: 'space_user_permissions', column: 'space_id' },
  collection: { table: 'collection_user_permissions', column: 'collection_id' },
} as const;

export interface UserPermissionRow {
  seq: string;
  user_id: string;
  role: Role;
  granted_by: string;
  created_at: Date;
  updated_at: Date;
}

const where = (target: GrantTarget, id: string, userId?: string) => ({ [TABLES[target].column]: id, ...(userId ? { user_id: userId } : {}) });

/** Grants (or changes) `role` to each user on the target. */
export async function upsertUserPermissions(trx: Knex.Transaction, target: GrantTarget, id: string, userIds: string[], role: Role, grantedBy: string): Promise<void> {
  if (userIds.length === 0) return;
  const { table, column } = TABLES[target];
  await trx(table)
    .insert(userIds.map((userId) => ({ [column]: id, user_id: userId, role, granted_by: grantedBy })))
    .onConflict([column, 'user_id'])
    .merge({ role, updated_at: trx.fn.now() });
}

/** Changes a user's granted role; false when they had none. */
export async function updateUserPermission(trx: Knex.Transaction, target: GrantTarget, id: string, userId: string, role: Role): Promise<boolean> {
  return (await trx(TABLES[target].table).where(where(target, id, userId)).update({ role, updated_at: trx.fn.now() })) > 0;
}

/** Removes a user's grant; false when they had none. */
export async function deleteUserPermission(trx: Knex.Transaction, target: GrantTarget, id: string, userId: string): Promise<boolean> {
  return (await trx(TABLES[target].table).where(where(target, id, userId)).delete()) > 0;
}

export const listUserPermissions = (db: Knex, target: GrantTarget, id: string, params: ListParams): Promise<Page<UserPermissionRow>> =>
  paginate<UserPermissionRow>(db<UserPermissionRow>(TABLES[target].table).where(where(target, id)), params);

/** Collections at most this deep are walked up for inherited grants (deeper trees are not made by the API). */
const MAX_DEPTH = 100;

/**
 * The roles a user holds on each of some spaces by grant: on the space itself, and on every collection above
 * it (inherited). Several per space; the caller keeps the highest.
 */
export async function grantsOnSpaces(db: Knex, userId: string, spaceIds: string[]): Promise<Array<{ id: string; role: Role }>> {
  if (spaceIds.length === 0) return [];
  const { rows } = await db.raw<{ rows: Array<{ id: string; role: Role }> }>(
    `with recursive chain(id, collection_id, depth) as (
       select id, parent_id, 0 from spaces where id = any(?) and parent_id is not null
       union all
       select ch.id, c.parent_id, ch.depth + 1 from chain ch join collections c on c.id = ch.collection_id where c.parent_id is not null and ch.depth < ${MAX_DEPTH}
     )
     select ch.id, p.role from chain ch join collection_user_permissions p on p.collection_id = ch.collection_id and p.user_id = ?
     union all
     select space_id as id, role from space_user_permissions where user_id = ? and space_id = any(?)`,
    [spaceIds, userId, userId, spaceIds],
  );
  return rows;
}

/** The roles a user holds on a collection by grant: on it, and on every collection above it. */
export async function grantsOnCollection(db: Knex, userId: string, collectionId: string): Promise<Role[]> {
  const { rows } = await db.raw<{ rows: Array<{ role: Role }> }>(
    `with recursive up(id, depth) as (
       select ?::text, 0
       union all
       select c.parent_id, up.depth + 1 from collections c join up on c.id = up.id where c.parent_id is not null and up.depth < ${MAX_DEPTH}
     )
     select p.role from up join collection_user_permissions p on p.collection_id = up.id and p.user_id = ?`,
    [collectionId, userId],
  );
  return rows.map((r) => r.role);
}

/** The live spaces of an organization a user was granted, on them or on a collection above them (a guest's list). */
export function spacesGrantedTo(db: Knex, userId: string): Knex.QueryBuilder {
  return db
    .select('id')
    .from(
      db.raw(
        `(with recursive granted(id) as (
            select collection_id from collection_user_permissions where user_id = ?
            union
            select c.id from collections c join granted g on c.parent_id = g.id
          )
          select id from spaces where parent_id in (select id from granted)
          union
          select space_id from space_user_permissions where user_id = ?) as granted_spaces`,
        [userId, userId],
      ),
    );
}

/** The live spaces of one organization a user was granted (on them or above them), at most `limit`: a guest's search scope. */
export async function grantedSpaceIdsIn(db: Knex, userId: string, organizationId: string, limit: number): Promise<string[]> {
  const rows: Array<{ id: string }> = await db('spaces').where({ organization_id: organizationId }).whereNull('deleted_at').whereIn('id', spacesGrantedTo(db, userId)).orderBy('seq').limit(limit).select('id');
  return rows.map((r) => r.id);
}
