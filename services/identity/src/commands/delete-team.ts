import { authorize, type Caller } from '@dp/auth';
import { IdentityEvents } from '@dp/events';
import type { IdentityContext } from '../context';
import { deleteTeam as deleteTeamRow } from '../data/teams';

/**
 * Admins delete teams; its memberships go with it, and a SAML provider that named it as its default team keeps
 * none. False when there was no such team in the organization.
 */
export async function deleteTeam(ctx: IdentityContext, caller: Caller, organizationId: string, teamId: string): Promise<boolean> {
  authorize(caller, organizationId, 'admin', 'Organization');
  return ctx.db.transaction(async (trx) => {
    if (!(await deleteTeamRow(trx, organizationId, teamId))) return false;
    await ctx.emit(trx, IdentityEvents.TEAM_DELETED, { organizationId, teamId }, organizationId);
    return true;
  });
}
