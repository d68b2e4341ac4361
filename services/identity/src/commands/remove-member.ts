import { authorize, type Caller } from '@dp/auth';
import { IdentityEvents } from '@dp/events';
import { conflict } from '@dp/http';
import type { IdentityContext } from '../context';
import { countAdminsForUpdate, deleteMember, lockMember } from '../data/members';
import { teamsOfMember } from '../data/team-members';
import { wouldLoseLastAdmin } from '../domain/membership';

/**
 * Admins remove anyone; any member may remove themselves (leave). Their team memberships go with the
 * membership (a foreign key), each announced. Returns false when there was no such member.
 */
export async function removeMember(ctx: IdentityContext, caller: Caller, organizationId: string, userId: string): Promise<boolean> {
  if (caller.userId !== userId) authorize(caller, organizationId, 'admin', 'Organization');
  else authorize(caller, organizationId, 'view', 'Organization');
  return ctx.db.transaction(async (trx) => {
    const admins = await countAdminsForUpdate(trx, organizationId);
    const member = await lockMember(trx, organizationId, userId);
    if (!member) return false;
    if (wouldLoseLastAdmin(member.role, undefined, admins)) throw conflict('An organization must keep at least one admin');
    const teams = await teamsOfMember(trx, organizationId, userId);
    await deleteMember(trx, organizationId, userId);
    for (const { team_id: teamId } of teams) await ctx.emit(trx, IdentityEvents.TEAM_MEMBER_REMOVED, { organizationId, teamId, userId }, organizationId);
    await ctx.emit(trx, IdentityEvents.MEMBER_REMOVED, { organizationId, userId }, organizationId);
    return true;
  });
}
