import type { MemberJson, MemberTeamIdsResponse, MembersBatchResponse, Official, OrganizationJson, TeamJson, TeamsBatchResponse } from '@dp/contracts';
import { HttpError, type OnBehalfOf, type ServiceRequest } from '@dp/http';

/** What content reads of the calling user as identity presents them (`GET /v1/user`, GitBook's User). */
export type UserJson = Pick<Official.User, 'id' | 'email' | 'displayName' | 'photoURL'>;

/** Identity's API, for what content keeps no copy of (memberships) or has not heard of yet (a new user). */
export interface IdentityApi {
  /** The calling user, or undefined when identity does not answer 200. */
  currentUser(on: OnBehalfOf): Promise<UserJson | undefined>;
  /** The members among `userIds` of an organization, as identity presents them; users no longer members are left out. */
  members(organizationId: string, userIds: string[], on: OnBehalfOf): Promise<Map<string, MemberJson>>;
  /** The teams of an organization among `teamIds`, as identity presents them; others are left out. */
  teams(organizationId: string, teamIds: string[], on: OnBehalfOf): Promise<Map<string, TeamJson>>;
  /** The ids of a member's teams in the organization; undefined when they are not a member. */
  memberTeams(organizationId: string, userId: string, on: OnBehalfOf): Promise<string[] | undefined>;
  /** The organization as identity presents it to the caller (`GET /v1/orgs/{organizationId}`). */
  organization(organizationId: string, on: OnBehalfOf): Promise<OrganizationJson>;
}

export function identityApi(request: ServiceRequest): IdentityApi {
  return {
    async currentUser(on) {
      const res = await request<UserJson>('GET', '/v1/user', on);
      return res.status === 200 ? res.body : undefined;
    },
    // One call for the whole page (at most 1,000 users, as identity's batch endpoint accepts).
    async members(organizationId, userIds, on) {
      const ids = [...new Set(userIds)];
      if (ids.length === 0) return new Map();
      const path = `/internal/orgs/${encodeURIComponent(organizationId)}/members/batch`;
      const res = await request<MembersBatchResponse>('POST', path, on, { body: { userIds: ids } });
      if (res.status !== 200) throw new HttpError(502, `identity answered ${res.status} for members of organization ${organizationId}`);
      return new Map(res.body.items.map((m) => [m.id, m])); // a Member's id is its user's
    },
    async teams(organizationId, teamIds, on) {
      const ids = [...new Set(teamIds)];
      if (ids.length === 0) return new Map();
      const path = `/internal/orgs/${encodeURIComponent(organizationId)}/teams/batch`;
      const res = await request<TeamsBatchResponse>('POST', path, on, { body: { teamIds: ids } });
      if (res.status !== 200) throw new HttpError(502, `identity answered ${res.status} for teams of organization ${organizationId}`);
      return new Map(res.body.items.map((t) => [t.id, t]));
    },
    async memberTeams(organizationId, userId, on) {
      const path = `/internal/orgs/${encodeURIComponent(organizationId)}/members/${encodeURIComponent(userId)}/teams`;
      const res = await request<MemberTeamIdsResponse>('GET', path, on);
      if (res.status === 404) return undefined;
      if (res.status !== 200) throw new HttpError(502, `identity answered ${res.status} for the teams of member ${userId}`);
      return res.body.teams;
    },
    async organization(organizationId, on) {
      const res = await request<OrganizationJson>('GET', `/v1/orgs/${encodeURIComponent(organizationId)}`, on);
      if (res.status !== 200) throw new HttpError(502, `identity answered ${res.status} for organization ${organizationId}`);
      return res.body;
    },
  };
}
