import type { Knex } from 'knex';
import type { Role } from '@dp/auth';
import { paginate, type Page } from '@dp/db';
import type { ListParams } from '@dp/http';

export interface SpaceUserPermissionRow {
  seq: string;
  space_id: string;
  user_id: string;
  role: Role;
  granted_by: string;
  created_at: Date;
  updated_at: Date;
}

/** The role granted to a user on a space, if any. */
export async function grantedRole(db: Knex, spaceId: string, userId: string): Promise<Role | undefined> {
  const row = await db<SpaceUserPermissionRow>('space_user_permissions').where({ space_id: spaceId, user_id: userId }).first('role');
  return row?.role;
}

/** Grants (or changes) `role` to each user on the space. */
export async function upsertUserPermissions(trx: Knex.Transaction, spaceId: string, userIds: string[], role: Role, grantedBy: string): Promise<void> {
  if (userIds.length === 0) return;
  await trx('space_user_permissions')
    .insert(userIds.map((userId) => ({ space_id: spaceId, user_id: userId, role, granted_by: grantedBy })))
    .onConflict(['space_id', 'user_id'])
    .merge({ role, updated_at: trx.fn.now() });
}

/** Changes a user's granted role; false when they had none. */
export async function updateUserPermission(trx: Knex.Transaction, spaceId: string, userId: string, role: Role): Promise<boolean> {
  return (await trx('space_user_permissions').where({ space_id: spaceId, user_id: userId }).update({ role, updated_at: trx.fn.now() })) > 0;
}

/** Removes a user's grant; false when they had none. */
export async function deleteUserPermission(trx: Knex.Transaction, spaceId: string, userId: string): Promise<boolean> {
  return (await trx('space_user_permissions').where({ space_id: spaceId, user_id: userId }).delete()) > 0;
}

export const listUserPermissions = (db: Knex, spaceId: string, params: ListParams): Promise<Page<SpaceUserPermissionRow>> =>
  paginate<SpaceUserPermissionRow>(db<SpaceUserPermissionRow>('space_user_permissions').where({ space_id: spaceId }), params);

/** The spaces of an organization granted to a user (what a guest may list). */
export const grantedSpaceIds = (db: Knex, userId: string) => db('space_user_permissions').where({ user_id: userId }).select('space_id');

/** A user's granted roles on some spaces, by space id. */
export async function grantedRoles(db: Knex, userId: string, spaceIds: string[]): Promise<Map<string, Role>> {
  if (spaceIds.length === 0) return new Map();
  const rows: Array<{ space_id: string; role: Role }> = await db('space_user_permissions').where({ user_id: userId }).whereIn('space_id', spaceIds).select('space_id', 'role');
  return new Map(rows.map((r) => [r.space_id, r.role]));
}
