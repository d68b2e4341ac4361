import type { Knex } from 'knex';
import { IdentityEvents } from '@dp/events';
import { conflict } from '@dp/http';
import type { IdentityContext } from '../context';
import { insertTeamMember, lockTeamMember, updateTeamMemberRole } from '../data/team-members';
import { teamMemberChange, type TeamRole } from '../domain/teams';
import { isForeignKeyViolation } from '@dp/db';

/**
 * Adds `userId` to the team, or changes their role in it (`role` undefined: add as `member`, leave an existing
 * member's role alone), with the matching event. Runs inside the caller's transaction.
 */
export async function upsertTeamMember(ctx: IdentityContext, trx: Knex.Transaction, team: { id: string; organization_id: string }, userId: string, role: TeamRole | undefined): Promise<void> {
  const organizationId = team.organization_id;
  const current = await lockTeamMember(trx, team.id, userId);
  const change = teamMemberChange(current?.role, role);
  if (change.kind === 'add') {
    // A concurrent add of the same user wins the insert: then there is nothing left to do, nor to announce.
    if (await insertTeamMember(trx, { team_id: team.id, organization_id: organizationId, user_id: userId, role: change.role })) {
      await ctx.emit(trx, IdentityEvents.TEAM_MEMBER_ADDED, { organizationId, teamId: team.id, userId, role: change.role }, organizationId);
    }
  } else if (change.kind === 'update') {
    await updateTeamMemberRole(trx, team.id, userId, change.role);
    await ctx.emit(trx, IdentityEvents.TEAM_MEMBER_UPDATED, { organizationId, teamId: team.id, userId, role: change.role, previousRole: change.previousRole }, organizationId);
  }
}

/**
 * A team write whose users left the organization (or whose team was deleted) while it ran: the foreign keys
 * refuse the insert (23503), and the caller gets a 409 instead of a 500. Nothing was written.
 */
export function whileMembersStay<T>(write: Promise<T>): Promise<T> {
  return write.catch((err: unknown) => {
    if (isForeignKeyViolation(err)) {
      throw conflict('A user left the organization, or the team was deleted, while the team was being changed: try again');
    }
    throw err;
  });
}
