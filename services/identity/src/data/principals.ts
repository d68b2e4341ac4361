import type { Knex } from 'knex';
import { isRole, type Caller, type Role } from '@dp/auth';

/**
 * The roles of a user in every organization they belong to (disabled memberships left out). One statement
 * with a constant text: the gateway asks it on every principal-cache miss.
 */
export async function membershipsOfUser(db: Knex, userId: string): Promise<Record<string, Role>> {
  const rows = await db('members').where({ user_id: userId, disabled: false }).select<Array<{ organization_id: string; role: string }>>('organization_id', 'role');
  const memberships: Record<string, Role> = {};
  for (const row of rows) if (isRole(row.role)) memberships[row.organization_id] = row.role;
  return memberships;
}

/**
 * Who a token belongs to, by its hash: the staff token (recorded from ADMIN_TOKEN at boot), or the user of a
 * live API token with their roles. Undefined for an unknown or revoked token.
 */
export async function principalForTokenHash(db: Knex, tokenHash: string): Promise<Caller | undefined> {
  if (await db('staff_tokens').where({ token_hash: tokenHash }).first('name')) return { staff: true, memberships: {} };
  const token = await db('api_tokens').where({ token_hash: tokenHash }).whereNull('revoked_at').first<{ user_id: string } | undefined>('user_id');
  if (!token) return undefined;
  return { userId: token.user_id, staff: false, memberships: await membershipsOfUser(db, token.user_id) };
}
