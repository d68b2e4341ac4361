import { authorize, type Caller } from '@dp/auth';
import { IdentityEvents } from '@dp/events';
import { notFound } from '@dp/http';
import type { IdentityContext } from '../context';
import { renameTeam as renameTeamRow } from '../data/teams';

/** Admins rename teams. */
export async function renameTeam(ctx: IdentityContext, caller: Caller, organizationId: string, teamId: string, title: string): Promise<void> {
  authorize(caller, organizationId, 'admin', 'Organization');
  await ctx.db.transaction(async (trx) => {
    const team = await renameTeamRow(trx, organizationId, teamId, title);
    if (!team) throw notFound('Team');
    await ctx.emit(trx, IdentityEvents.TEAM_UPDATED, { organizationId, teamId, title }, organizationId);
  });
}
