import type { Knex } from 'knex';
import type { RoleOrGuest } from '../domain/invites';

/** A pending email invite: the account does not exist yet; taken when staff (or single sign-on) creates it. */
export interface InviteRow {
  organization_id: string;
  email: string;
  /** Null: joins as a guest. */
  role: RoleOrGuest;
  /** Joins as an SSO member. */
  sso: boolean;
}

/** Records or replaces (role and sso) the pending invite of an email. */
export async function upsertInvite(db: Knex, row: InviteRow & { invited_by: string }): Promise<void> {
  await db('invites').insert(row).onConflict(['organization_id', 'email']).merge(['role', 'sso']);
}

/** Pending invites of an email address, removed as they are taken. */
export const takeInvitesForEmail = (db: Knex, email: string): Promise<InviteRow[]> =>
  db('invites').whereRaw('lower(email) = lower(?)', [email]).delete().returning(['organization_id', 'email', 'role', 'sso']);
