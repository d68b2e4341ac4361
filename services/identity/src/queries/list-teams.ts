import { authorize, can, type Caller, type Role } from '@dp/auth';
import { notFound, type ListParams, type Page } from '@dp/http';
import type { IdentityContext } from '../context';
import { findMember } from '../data/members';
import type { TeamRole } from '../domain/teams';
import { findTeams, listTeams as listTeamRows, listTeamsOfMember, type TeamWithCounts } from '../data/teams';
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
  return withManage(ctx, caller, role, page);
}

/** `GET ORG/members/{userId}/teams` for any member with a role: the teams of that member, with their role in each. */
export async function listTeamsOfMemberForCaller(
  ctx: IdentityContext,
  caller: Caller,
  organizationId: string,
  userId: string,
  params: ListParams & { title?: string },
): Promise<Page<{ team: TeamWithCounts & { member_role: TeamRole }; manage: boolean }>> {
  const role = authorize(caller, organizationId, 'view', 'Organization');
  if (!(await findMember(ctx.db, organizationId, userId))) throw notFound('Member');
  return withManage(ctx, caller, role, await listTeamsOfMember(ctx.db, organizationId, userId, params));
}

/**
 * The teams of the organization among `teamIds`, each with whether `viewerId` may manage it (an organization
 * admin, or an owner of the team): a granting context presents the teams granted on its object (docs/adr/0099).
 */
export async function teamsByIdFor(ctx: IdentityContext, organizationId: string, teamIds: string[], viewerId: string | undefined): Promise<Array<{ team: TeamWithCounts; manage: boolean }>> {
  const teams = await findTeams(ctx.db, organizationId, [...new Set(teamIds)]);
  const viewer = viewerId ? await findMember(ctx.db, organizationId, viewerId) : undefined;
  if (viewer && !viewer.disabled && can(viewer.role, 'admin')) return teams.map((team) => ({ team, manage: true }));
  const owned = viewer ? await teamsOwnedBy(ctx.db, viewer.user_id, teams.map((t) => t.id)) : new Set<string>();
  return teams.map((team) => ({ team, manage: owned.has(team.id) }));
}

/** Each team of a page with whether the caller may manage it: an admin manages all, others the teams they own (one query). */
async function withManage<T extends TeamWithCounts>(ctx: IdentityContext, caller: Caller, role: Role, page: Page<T>): Promise<Page<{ team: T; manage: boolean }>> {
  const callerAdmin = can(role, 'admin');
  const owned = callerAdmin || !caller.userId ? new Set<string>() : await teamsOwnedBy(ctx.db, caller.userId, page.items.map((t) => t.id));
  return { ...page, items: page.items.map((team) => ({ team, manage: callerAdmin || owned.has(team.id) })) };
}
