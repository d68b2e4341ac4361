import { authorize, type Caller } from '@dp/auth';
import { IdentityEvents } from '@dp/events';
import { notFound } from '@dp/http';
import type { IdentityContext } from '../context';
import { lockTeam } from '../data/teams';
import { deleteTeamMember } from '../data/team-members';
import { requireTeamManager } from '../queries/team-access';

/**
 * Team managers remove anyone from the team; a member may leave a team themselves. False when the user was
 * not in the team (the official 204).
 */
export async function removeTeamMember(ctx: IdentityContext, caller: Caller, organizationId: string, teamId: string, userId: string): Promise<boolean> {
  authorize(caller, organizationId, 'view', 'Team');
  return ctx.db.transaction(async (trx) => {
    if (!(await lockTeam(trx, organizationId, teamId))) throw notFound('Team');
    if (caller.userId !== userId) await requireTeamManager(trx, caller, organizationId, teamId);
    if (!(await deleteTeamMember(trx, teamId, userId))) return false;
    await ctx.emit(trx, IdentityEvents.TEAM_MEMBER_REMOVED, { organizationId, teamId, userId }, organizationId);
    return true;
  });
}
