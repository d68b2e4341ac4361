import type { MemberJson, MemberTeamIdsResponse, MembersBatchResponse, TeamJson, TeamsBatchResponse } from '@dp/contracts';
import { HttpError, type OnBehalfOf, type ServiceRequest } from '@dp/http';

/**
 * Who is in an organization, as identity answers it on the caller's behalf (its internal lookups,
 * docs/adr/0096, 0097): what a context granting roles asks before it grants, lists or answers a member's access.
 */
export interface IdentityDirectory {
  /** The members among `userIds` of an organization, as identity presents them; users no longer members are left out. */
  members(organizationId: string, userIds: string[], on: OnBehalfOf): Promise<Map<string, MemberJson>>;
  /** The teams of an organization among `teamIds`, as identity presents them; others are left out. */
  teams(organizationId: string, teamIds: string[], on: OnBehalfOf): Promise<Map<string, TeamJson>>;
  /** The ids of a member's teams in the organization; undefined when they are not a member. */
  memberTeams(organizationId: string, userId: string, on: OnBehalfOf): Promise<string[] | undefined>;
}

const orgPath = (organizationId: string, rest: string) => `/internal/orgs/${encodeURIComponent(organizationId)}${rest}`;

export function identityDirectory(request: ServiceRequest): IdentityDirectory {
  return {
    // One call for the whole page (at most 1,000 ids, as identity's batch endpoints accept).
    async members(organizationId, userIds, on) {
      const ids = [...new Set(userIds)];
      if (ids.length === 0) return new Map();
      const res = await request<MembersBatchResponse>('POST', orgPath(organizationId, '/members/batch'), on, { body: { userIds: ids } });
      if (res.status !== 200) throw new HttpError(502, `identity answered ${res.status} for members of organization ${organizationId}`);
      return new Map(res.body.items.map((m) => [m.id, m])); // a Member's id is its user's
    },
    async teams(organizationId, teamIds, on) {
      const ids = [...new Set(teamIds)];
      if (ids.length === 0) return new Map();
      const res = await request<TeamsBatchResponse>('POST', orgPath(organizationId, '/teams/batch'), on, { body: { teamIds: ids } });
      if (res.status !== 200) throw new HttpError(502, `identity answered ${res.status} for teams of organization ${organizationId}`);
      return new Map(res.body.items.map((t) => [t.id, t]));
    },
    async memberTeams(organizationId, userId, on) {
      const res = await request<MemberTeamIdsResponse>('GET', orgPath(organizationId, `/members/${encodeURIComponent(userId)}/teams`), on);
      if (res.status === 404) return undefined;
      if (res.status !== 200) throw new HttpError(502, `identity answered ${res.status} for the teams of member ${userId}`);
      return res.body.teams;
    },
  };
}
