import { authorize, type Caller } from '@dp/auth';
import { IdentityEvents } from '@dp/events';
import { badRequest, notFound } from '@dp/http';
import type { IdentityContext } from '../context';
import { lockTeam } from '../data/teams';
import { deleteTeamMember } from '../data/team-members';
import { resolveMemberRefs } from '../data/members';
import { planTeamMembersUpdate, type TeamRole } from '../domain/teams';
import { requireTeamManager } from '../queries/team-access';
import type { UpdateTeamMembersBody } from '../schemas/teams';
import { upsertTeamMember, whileMembersStay } from './team-writes';

/**
 * `PUT ORG/teams/{teamId}/members`: removes, adds and re-roles in one transaction (all or nothing). Users to
 * add or re-role must be organization members (else 400 naming them); users to remove who are not in the team
 * are ignored.
 */
export async function updateTeamMembers(ctx: IdentityContext, caller: Caller, organizationId: string, teamId: string, input: UpdateTeamMembersBody): Promise<void> {
  authorize(caller, organizationId, 'view', 'Team');
  const plan = planTeamMembersUpdate(input);
  await whileMembersStay(
    ctx.db.transaction(async (trx) => {
      const team = await lockTeam(trx, organizationId, teamId);
      if (!team) throw notFound('Team');
      await requireTeamManager(trx, caller, organizationId, teamId);
      const users = await resolveMemberRefs(trx, organizationId, [...plan.upsert.keys(), ...plan.remove]);
      const stranger = [...plan.upsert.keys()].find((ref) => !users.has(ref));
      if (stranger) throw badRequest(`add: ${stranger} is not a member of the organization`);
      for (const ref of plan.remove) {
        const userId = users.get(ref);
        if (userId && (await deleteTeamMember(trx, teamId, userId))) {
          await ctx.emit(trx, IdentityEvents.TEAM_MEMBER_REMOVED, { organizationId, teamId, userId }, organizationId);
        }
      }
      for (const [ref, role] of plan.upsert) await upsertTeamMember(ctx, trx, team, users.get(ref)!, role);
    }),
  );
}

/** `PUT ORG/teams/{teamId}/members/{userId}`: adds the organization member, or changes their role in the team. */
export async function putTeamMember(ctx: IdentityContext, caller: Caller, organizationId: string, teamId: string, userId: string, role: TeamRole | undefined): Promise<void> {
  authorize(caller, organizationId, 'view', 'Team');
  await whileMembersStay(
    ctx.db.transaction(async (trx) => {
      const team = await lockTeam(trx, organizationId, teamId);
      if (!team) throw notFound('Team');
      await requireTeamManager(trx, caller, organizationId, teamId);
      if (!(await resolveMemberRefs(trx, organizationId, [userId])).has(userId)) throw notFound('Member');
      await upsertTeamMember(ctx, trx, team, userId, role);
    }),
  );
}
