import type { Knex } from 'knex';
import type { ListParams } from '@dp/http';
import { paginate } from '@dp/db';
import type { TeamRole } from '../domain/teams';
import { withUser, type MemberWithUser } from './members';

export interface TeamMemberRow {
  seq: string;
  team_id: string;
  organization_id: string;
  user_id: string;
  role: TeamRole;
  added_at: Date;
}

/** Adds an organization member to a team; false when they were in it already (their role is left alone). */
export async function insertTeamMember(db: Knex, row: { team_id: string; organization_id: string; user_id: string; role: TeamRole }): Promise<boolean> {
  const inserted = await db('team_members').insert(row).onConflict(['team_id', 'user_id']).ignore().returning('user_id');
  return inserted.length > 0;
}

export const lockTeamMember = (trx: Knex.Transaction, teamId: string, userId: string): Promise<TeamMemberRow | undefined> =>
  trx<TeamMemberRow>('team_members').where({ team_id: teamId, user_id: userId }).forUpdate().first();

export const updateTeamMemberRole = (db: Knex, teamId: string, userId: string, role: TeamRole) =>
  db('team_members').where({ team_id: teamId, user_id: userId }).update({ role });

export async function deleteTeamMember(db: Knex, teamId: string, userId: string): Promise<boolean> {
  return (await db('team_members').where({ team_id: teamId, user_id: userId }).delete()) > 0;
}

/** The teams a member of the organization belongs to (read before they leave it: the rows go with the membership). */
export const teamsOfMember = (db: Knex, organizationId: string, userId: string): Promise<Array<{ team_id: string }>> =>
  db('team_members').where({ organization_id: organizationId, user_id: userId }).select('team_id');

/** Whether `userId` owns `teamId` (may manage its members without being an organization admin). */
export const isTeamOwner = async (db: Knex, teamId: string, userId: string): Promise<boolean> =>
  !!(await db('team_members').where({ team_id: teamId, user_id: userId, role: 'owner' }).first('user_id'));

export type TeamMemberWithMember = MemberWithUser & { team_role: TeamRole };

/** The members of a team, with their organization membership and user, in the order they joined the organization. */
export function listTeamMembers(db: Knex, teamId: string, params: ListParams) {
  const query = withUser(db)
    .join('team_members as tm', (j) => j.on('tm.organization_id', 'm.organization_id').andOn('tm.user_id', 'm.user_id'))
    .where('tm.team_id', teamId)
    .select('tm.role as team_role');
  // Keyed on the member's seq: it is the `seq` the selected row carries (m.*), so the cursor and the order agree.
  return paginate<TeamMemberWithMember>(query, params, { key: 'm.seq' });
}

/** Which of `teamIds` `userId` owns, in one query (the `permissions.admin` of a page of teams). */
export async function teamsOwnedBy(db: Knex, userId: string, teamIds: string[]): Promise<Set<string>> {
  const rows = await db('team_members').where({ user_id: userId, role: 'owner' }).whereIn('team_id', teamIds).select<Array<{ team_id: string }>>('team_id');
  return new Set(rows.map((r) => r.team_id));
}
