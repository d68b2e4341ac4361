import { authorize, type Caller } from '@dp/auth';
import { newId } from '@dp/db';
import { IdentityEvents } from '@dp/events';
import { badRequest } from '@dp/http';
import type { IdentityContext } from '../context';
import { insertTeam, type TeamWithCounts } from '../data/teams';
import { insertTeamMember } from '../data/team-members';
import { resolveMemberRefs } from '../data/members';
import type { CreateTeamBody } from '../schemas/teams';
import { whileMembersStay } from './team-writes';

/** An admin creates a team, optionally with organization members in it (as `member`s). */
export async function createTeam(ctx: IdentityContext, caller: Caller, organizationId: string, input: CreateTeamBody): Promise<TeamWithCounts> {
  authorize(caller, organizationId, 'admin', 'Organization');
  const memberIds = input.members ?? [];
  return whileMembersStay(
    ctx.db.transaction(async (trx) => {
      const members = await resolveMemberRefs(trx, organizationId, memberIds);
      const stranger = memberIds.find((id) => !members.has(id));
      if (stranger) throw badRequest(`members: ${stranger} is not a member of the organization`);
      const team = await insertTeam(trx, { id: newId(), organization_id: organizationId, title: input.title });
      await ctx.emit(trx, IdentityEvents.TEAM_CREATED, { organizationId, teamId: team.id, title: team.title }, organizationId);
      for (const userId of memberIds) {
        await insertTeamMember(trx, { team_id: team.id, organization_id: organizationId, user_id: userId, role: 'member' });
        await ctx.emit(trx, IdentityEvents.TEAM_MEMBER_ADDED, { organizationId, teamId: team.id, userId, role: 'member' }, organizationId);
      }
      return { ...team, members: memberIds.length, spaces: 0 };
    }),
  );
}
