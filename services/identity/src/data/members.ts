import type { Knex } from 'knex';
import type { Role } from '@dp/auth';
import type { ListParams } from '@dp/http';
import { paginate, containsPattern } from '@dp/db';
import type { UserRow } from './users';

export interface MemberRow {
  seq: string;
  organization_id: string;
  user_id: string;
  /** Null for a guest: a member without an organization-wide role. */
  role: Role | null;
  disabled: boolean;
  /** Provisioned by a SAML sign-in. */
  sso: boolean;
  joined_at: Date;
  last_seen_at: Date | null;
}

/** A member with their user and the number of the organization's teams they are in (counted when read). */
export type MemberWithUser = MemberRow & { user: Pick<UserRow, 'id' | 'email' | 'display_name' | 'photo_url'>; teams: number };

export const withUser = (db: Knex) =>
  db('members as m')
    .join('users as u', 'u.id', 'm.user_id')
    .select(
      'm.*',
      db.raw(`json_build_object('id', u.id, 'email', u.email, 'display_name', u.display_name, 'photo_url', u.photo_url) as "user"`),
      db.raw('(select count(*)::int from team_members tm where tm.organization_id = m.organization_id and tm.user_id = m.user_id) as teams'),
    );

export const findMember = (db: Knex, organizationId: string, userId: string): Promise<MemberWithUser | undefined> =>
  withUser(db).where({ 'm.organization_id': organizationId, 'm.user_id': userId }).first();

export const findMembers = (db: Knex, organizationId: string, userIds: string[]): Promise<MemberWithUser[]> =>
  withUser(db).where({ 'm.organization_id': organizationId }).whereIn('m.user_id', userIds);

/** Locks the membership row (and so serialises concurrent role changes of one member). */
export const lockMember = (trx: Knex.Transaction, organizationId: string, userId: string): Promise<MemberRow | undefined> =>
  trx<MemberRow>('members').where({ organization_id: organizationId, user_id: userId }).forUpdate().first();

/** Admin count, with the admins' rows locked so two demotions cannot both pass the last-admin rule. */
export async function countAdminsForUpdate(trx: Knex.Transaction, organizationId: string): Promise<number> {
  const rows = await trx('members').where({ organization_id: organizationId, role: 'admin' }).forUpdate().select('user_id');
  return rows.length;
}

export async function insertMember(db: Knex, row: { organization_id: string; user_id: string; role: Role | null; sso?: boolean }): Promise<boolean> {
  const inserted = await db('members').insert(row).onConflict(['organization_id', 'user_id']).ignore().returning('user_id');
  return inserted.length > 0;
}

export const updateMemberRole = (db: Knex, organizationId: string, userId: string, role: Role | null) =>
  db('members').where({ organization_id: organizationId, user_id: userId }).update({ role });

export const deleteMember = (db: Knex, organizationId: string, userId: string) =>
  db('members').where({ organization_id: organizationId, user_id: userId }).delete();

export function listMembers(db: Knex, organizationId: string, params: ListParams & { role?: string; search?: string }) {
  const query = withUser(db).where('m.organization_id', organizationId);
  if (params.role === 'guest') query.whereNull('m.role');
  else if (params.role) query.where('m.role', params.role);
  if (params.search) {
    const like = containsPattern(params.search);
    query.where((q) => q.whereILike('u.display_name', like).orWhereILike('u.email', like));
  }
  return paginate<MemberWithUser>(query, params, { key: 'm.seq' });
}

/**
 * The organization members named by user id or by email (case-insensitive), as `ref -> user id`, with each
 * ref as the caller wrote it (emails lower-cased). Refs that name no member are absent from the map.
 */
export async function resolveMemberRefs(db: Knex, organizationId: string, refs: string[]): Promise<Map<string, string>> {
  if (refs.length === 0) return new Map();
  const emails = refs.filter((r) => r.includes('@')).map((r) => r.toLowerCase());
  const ids = refs.filter((r) => !r.includes('@'));
  const rows = await db('members as m')
    .join('users as u', 'u.id', 'm.user_id')
    .where('m.organization_id', organizationId)
    .where((q) => q.whereIn('m.user_id', ids).orWhereRaw('lower(u.email) = any(?)', [emails]))
    .select<Array<{ user_id: string; email: string }>>('m.user_id', 'u.email');
  const found = new Map<string, string>();
  for (const row of rows) {
    found.set(row.user_id, row.user_id);
    found.set(row.email.toLowerCase(), row.user_id);
  }
  return new Map(refs.map((r) => (r.includes('@') ? r.toLowerCase() : r)).filter((r) => found.has(r)).map((r) => [r, found.get(r)!]));
}
