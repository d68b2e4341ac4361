import type { Knex } from 'knex';
import type { ListParams } from '@dp/http';
import { paginate } from '@dp/db';
import type { RoleOrGuest } from '../domain/invites';

export interface LinkInviteRow {
  seq: string;
  id: string;
  organization_id: string;
  /** Null: the link invites guests. */
  role: RoleOrGuest;
  created_by: string;
  created_at: Date;
}

export const findLinkInvite = (db: Knex, organizationId: string, inviteId: string): Promise<LinkInviteRow | undefined> =>
  db<LinkInviteRow>('link_invites').where({ organization_id: organizationId, id: inviteId }).first();

export const listLinkInvites = (db: Knex, organizationId: string, params: ListParams) =>
  paginate<LinkInviteRow>(db('link_invites').where({ organization_id: organizationId }), params);

export async function insertLinkInvite(db: Knex, row: { id: string; organization_id: string; role: RoleOrGuest; created_by: string }): Promise<LinkInviteRow> {
  const [invite] = await db<LinkInviteRow>('link_invites').insert(row).returning('*');
  return invite;
}

export async function updateLinkInviteRole(db: Knex, organizationId: string, inviteId: string, role: RoleOrGuest): Promise<LinkInviteRow | undefined> {
  const [invite] = await db<LinkInviteRow>('link_invites').where({ organization_id: organizationId, id: inviteId }).update({ role }).returning('*');
  return invite;
}

export async function deleteLinkInvite(db: Knex, organizationId: string, inviteId: string): Promise<boolean> {
  return (await db('link_invites').where({ organization_id: organizationId, id: inviteId }).delete()) > 0;
}
