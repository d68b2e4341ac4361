import type { Knex } from 'knex';
import type { Role } from '@dp/auth';

export interface InviteRow {
  organization_id: string;
  email: string;
  role: Role;
}

export async function upsertInvite(db: Knex, row: InviteRow & { invited_by: string }): Promise<void> {
  await db('invites').insert(row).onConflict(['organization_id', 'email']).merge(['role']);
}

/** Pending invites of an email address, removed as they are taken. */
export const takeInvitesForEmail = (db: Knex, email: string): Promise<InviteRow[]> =>
  db('invites').whereRaw('lower(email) = lower(?)', [email]).delete().returning(['organization_id', 'email', 'role']);
