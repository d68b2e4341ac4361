import { iso, type Links } from '@dp/http';
import type { TeamWithCounts } from '../data/teams';
import type { TeamMemberWithMember } from '../data/team-members';
import { presentMember } from './member';

/** Team JSON; `manage`: the caller may manage the team (an organization admin, or an owner of the team). */
export function presentTeam(team: TeamWithCounts, manage: boolean) {
  return {
    object: 'team' as const,
    id: team.id,
    title: team.title,
    members: team.members,
    // Spaces granted to the team itself (content's events keep them: data/team-spaces.ts), not through collections.
    spaces: team.spaces,
    createdAt: iso(team.created_at)!,
    permissions: { admin: manage, view: true },
  };
}

/** A team member list item: the organization member, their role in the team, and what the caller may do. */
export function presentTeamMember(member: TeamMemberWithMember, links: Links) {
  return {
    organization: presentMember(member, links),
    team: { role: member.team_role },
    permissions: { view: true },
  };
}
