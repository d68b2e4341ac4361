import { authorize, can, type Caller } from '@dp/auth';
import type { ListParams, Page } from '@dp/http';
import type { IdentityContext } from '../context';
import { findMember } from '../data/members';
import { listTeams as listTeamRows, type TeamWithCounts } from '../data/teams';
import { teamsOwnedBy } from '../data/team-members';

/**
 * `GET ORG/teams` for any member with a role: a page of teams, each with whether the caller may manage it.
 * `owner` keeps the teams that member can manage: every team for an organization admin, else the teams they own.
 */
export async function listTeamsForCaller(
  ctx: IdentityContext,
  caller: Caller,
  organizationId: string,
  params: ListParams & { owner?: string; title?: string },
): Promise<Page<{ team: TeamWithCounts; manage: boolean }>> {
  const role = authorize(caller, organizationId, 'view', 'Organization');
  const owner = params.owner ? await findMember(ctx.db, organizationId, params.owner) : undefined;
  const page = await listTeamRows(ctx.db, organizationId, { ...params, owner: owner && can(owner.role, 'admin') ? undefined : params.owner });
  const callerAdmin = can(role, 'admin');
  const owned = callerAdmin || !caller.userId ? new Set<string>() : await teamsOwnedBy(ctx.db, caller.userId, page.items.map((t) => t.id));
  return { ...page, items: page.items.map((team) => ({ team, manage: callerAdmin || owned.has(team.id) })) };
}
