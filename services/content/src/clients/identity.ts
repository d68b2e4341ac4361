import { HttpError, serviceClient, type OnBehalfOf } from '@dp/http';

/** An organization member as identity presents it (the interface's Member). */
export interface MemberJson {
  object: 'member';
  id: string;
  [field: string]: unknown;
}

/** The calling user as identity presents them (`GET /v1/user`). */
export interface UserJson {
  id: string;
  email?: string;
  displayName: string;
  photoURL?: string;
}

/** Identity's API, for what content keeps no copy of (memberships) or has not heard of yet (a new user). */
export interface IdentityApi {
  /** The calling user, or undefined when identity does not answer 200. */
  currentUser(on: OnBehalfOf): Promise<UserJson | undefined>;
  /** The members among `userIds` of an organization, as identity presents them; users no longer members are left out. */
  members(organizationId: string, userIds: string[], on: OnBehalfOf): Promise<Map<string, MemberJson>>;
}

/** Requests in flight at once for one list: bounded, so a page of 1,000 commenters does not open 1,000 sockets. */
const CONCURRENCY = 8;

export function identityApi(baseUrl: string): IdentityApi {
  const request = serviceClient(baseUrl, { serviceName: 'identity' });
  return {
    async currentUser({ assertion, requestId }) {
      const res = await request<UserJson>('GET', '/v1/user', assertion, { requestId });
      return res.status === 200 ? res.body : undefined;
    },
    async members(organizationId, userIds, { assertion, requestId }) {
      const out = new Map<string, MemberJson>();
      const queue = [...new Set(userIds)];
      const worker = async () => {
        for (let userId = queue.shift(); userId !== undefined; userId = queue.shift()) {
          const path = `/v1/orgs/${encodeURIComponent(organizationId)}/members/${encodeURIComponent(userId)}`;
          const res = await request<MemberJson>('GET', path, assertion, { requestId });
          if (res.status === 200) out.set(userId, res.body);
          else if (res.status !== 404) throw new HttpError(502, `identity answered ${res.status} for a member of organization ${organizationId}`);
        }
      };
      await Promise.all(Array.from({ length: Math.min(CONCURRENCY, queue.length) }, worker));
      return out;
    },
  };
}
