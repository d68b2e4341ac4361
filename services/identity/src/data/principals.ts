import type { Knex } from 'knex';
import { isRole, type CallerAccess, type Caller, type Role } from '@dp/auth';

/**
 * The roles of a user in every organization they belong to (disabled memberships and guests, who hold no
 * organization role, left out), and the teams they are in (of memberships not disabled; docs/adr/0097). Two
 * statements with a constant text: the gateway asks them on every principal-cache miss.
 */
export async function accessOfUser(db: Knex, userId: string): Promise<CallerAccess> {
  const rows = await db('members').where({ user_id: userId, disabled: false }).select<Array<{ organization_id: string; role: string | null }>>('organization_id', 'role');
  const memberships: Record<string, Role> = {};
  for (const row of rows) if (isRole(row.role)) memberships[row.organization_id] = row.role;
  const teams = await db('team_members as t')
    .join('members as m', (on) => on.on('m.organization_id', 't.organization_id').andOn('m.user_id', 't.user_id'))
    .where({ 't.user_id': userId, 'm.disabled': false })
    .orderBy('t.team_id')
    .pluck<string[]>('t.team_id');
  return { memberships, teams };
}

/** Who a token belongs to, and until when the answer holds (the token's expiry; null: until revoked). */
export interface Principal {
  caller: Caller;
  expiresAt: Date | null;
}

/**
 * Who a token belongs to, by its hash: the staff token (recorded from ADMIN_TOKEN at boot), or the user of a
 * live API token with their roles. Undefined for an unknown, revoked or expired token.
 */
export async function principalForTokenHash(db: Knex, tokenHash: string): Promise<Principal | undefined> {
  if (await db('staff_tokens').where({ token_hash: tokenHash }).first('name')) return { caller: { staff: true, memberships: {}, teams: [] }, expiresAt: null };
  const token = await db('api_tokens')
    .where({ token_hash: tokenHash })
    .whereNull('revoked_at')
    .where((q) => q.whereNull('expires_at').orWhere('expires_at', '>', db.fn.now()))
    .first<{ user_id: string; expires_at: Date | null } | undefined>('user_id', 'expires_at');
  if (!token) return undefined;
  return { caller: { userId: token.user_id, staff: false, ...(await accessOfUser(db, token.user_id)) }, expiresAt: token.expires_at };
}
