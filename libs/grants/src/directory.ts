import { signServiceAssertion, verifyAssertion, type Role } from '@dp/auth';
import type { AccessListResponse, AddGuestsResponse, MemberJson, MemberTeamIdsResponse, MembersBatchResponse, TeamJson, TeamsBatchResponse } from '@dp/contracts';
import { forbidden, HttpError, type ListParams, type OnBehalfOf, type ServiceRequest } from '@dp/http';
import type { ObjectGrants } from './grant-store';


/**
 * Who is in an organization, as identity answers it (its internal lookups, docs/adr/0096, 0097, 0099): what a
 * context granting roles asks before it grants, lists or answers who has access. The context asks with its own
 * service assertion, having authorized the caller on its object (a guest admin of a space may not list the
 * organization's members); `on` carries the caller's request id along.
 */
export interface IdentityDirectory {
  /** The members among `userIds` of an organization, as identity presents them; users no longer members are left out. */
  members(organizationId: string, userIds: string[], on: OnBehalfOf): Promise<Map<string, MemberJson>>;
  /** The teams of an organization among `teamIds`, as identity presents them; others are left out. */
  teams(organizationId: string, teamIds: string[], on: OnBehalfOf): Promise<Map<string, TeamJson>>;
  /** The ids of a member's teams in the organization; undefined when they are not a member. */
  memberTeams(organizationId: string, userId: string, on: OnBehalfOf): Promise<string[] | undefined>;
  /** Makes users who are not in the organization its guests; the ids that are no user (then nobody is added). A 403 under SSO enforcement. */
  addGuests(organizationId: string, userIds: string[], on: OnBehalfOf): Promise<{ unknown: string[] }>;
  /** A page of everyone in the organization with access to an object holding `grants` (the official aggregate list). */
  access(organizationId: string, grants: ObjectGrants, params: ListParams & { role?: Role }, on: OnBehalfOf): Promise<AccessListResponse>;
}

/** An error as every service answers it. */
type ErrorBody = { error: { code: number; message: string } };

/** One member with access to an object, as identity answers it: their role there, and why. */
export type AccessItem = AccessListResponse['items'][number];

const orgPath = (organizationId: string, rest: string) => `/internal/orgs/${encodeURIComponent(organizationId)}${rest}`;

/** The directory of one context (`service`: its name, which identity lets ask), signing its assertions with `secret`. */
export function identityDirectory(request: ServiceRequest, service: string, secret: string): IdentityDirectory {
  const as = (on: OnBehalfOf): OnBehalfOf => ({ assertion: signServiceAssertion(service, secret), requestId: on.requestId });
  // Teams come with what their viewer may do with them: the caller the assertion names (already verified by requireCaller).
  const viewerOf = (on: OnBehalfOf) => verifyAssertion(on.assertion, secret)?.userId;
  return {
    // One call for the whole page (at most 1,000 ids, as identity's batch endpoints accept).
    async members(organizationId, userIds, on) {
      const ids = [...new Set(userIds)];
      if (ids.length === 0) return new Map();
      const res = await request<MembersBatchResponse>('POST', orgPath(organizationId, '/members/batch'), as(on), { body: { userIds: ids } });
      if (res.status !== 200) throw new HttpError(502, `identity answered ${res.status} for members of organization ${organizationId}`);
      return new Map(res.body.items.map((m) => [m.id, m])); // a Member's id is its user's
    },
    async teams(organizationId, teamIds, on) {
      const ids = [...new Set(teamIds)];
      if (ids.length === 0) return new Map();
      const viewer = viewerOf(on);
      const res = await request<TeamsBatchResponse>('POST', orgPath(organizationId, '/teams/batch'), as(on), { body: { teamIds: ids, ...(viewer ? { viewer } : {}) } });
      if (res.status !== 200) throw new HttpError(502, `identity answered ${res.status} for teams of organization ${organizationId}`);
      return new Map(res.body.items.map((t) => [t.id, t]));
    },
    async memberTeams(organizationId, userId, on) {
      const res = await request<MemberTeamIdsResponse>('GET', orgPath(organizationId, `/members/${encodeURIComponent(userId)}/teams`), as(on));
      if (res.status === 404) return undefined;
      if (res.status !== 200) throw new HttpError(502, `identity answered ${res.status} for the teams of member ${userId}`);
      return res.body.teams;
    },
    async addGuests(organizationId, userIds, on) {
      const res = await request<AddGuestsResponse | ErrorBody>('POST', orgPath(organizationId, '/guests'), as(on), { body: { userIds } });
      if (res.status === 403 && 'error' in res.body) throw forbidden(res.body.error.message);
      if (res.status !== 200 || !('unknown' in res.body)) throw new HttpError(502, `identity answered ${res.status} adding guests to organization ${organizationId}`);
      return { unknown: res.body.unknown };
    },
    async access(organizationId, grants, params, on) {
      const res = await request<AccessListResponse>('POST', orgPath(organizationId, '/access'), as(on), { body: { ...grants, ...params } });
      if (res.status !== 200) throw new HttpError(502, `identity answered ${res.status} for who has access in organization ${organizationId}`);
      return res.body;
    },
  };
}
