import type { Knex } from 'knex';
import { authorize, can, type Caller } from '@dp/auth';
import { forbidden, notFound } from '@dp/http';
import { findTeam, type TeamWithCounts } from '../data/teams';
import { isTeamOwner } from '../data/team-members';
import { canManageTeamMembers } from '../domain/teams';

/**
 * A team of the organization as the caller may see it: any member with a role reads teams (a non-member or a
 * guest gets 404), and `manage` says whether they may manage its members (an organization admin, or an owner
 * of the team: who owns a team is identity's data, not the caller assertion's, so it is read here).
 */
export async function loadTeam(db: Knex, caller: Caller, organizationId: string, teamId: string): Promise<{ team: TeamWithCounts; manage: boolean }> {
  authorize(caller, organizationId, 'view', 'Team');
  const team = await findTeam(db, organizationId, teamId);
  if (!team) throw notFound('Team');
  return { team, manage: await mayManageMembers(db, caller, organizationId, teamId) };
}

/** Whether the caller may manage `teamId`'s members (checked again inside each write's transaction). */
export async function mayManageMembers(db: Knex, caller: Caller, organizationId: string, teamId: string): Promise<boolean> {
  const role = caller.memberships[organizationId];
  if (can(role, 'admin')) return true;
  return canManageTeamMembers(role, caller.userId ? await isTeamOwner(db, teamId, caller.userId) : false);
}

/** Throws 403 unless the caller may manage the team's members (the caller already reads the organization). */
export async function requireTeamManager(db: Knex, caller: Caller, organizationId: string, teamId: string): Promise<void> {
  if (!(await mayManageMembers(db, caller, organizationId, teamId))) throw forbidden("Only the organization's admins and the team's owners may manage its members");
}
