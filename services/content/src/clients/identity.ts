import type { Official, OrganizationJson } from '@dp/contracts';
import { identityDirectory, type IdentityDirectory } from '@dp/grants';
import { HttpError, type OnBehalfOf, type ServiceRequest } from '@dp/http';

/** What content reads of the calling user as identity presents them (`GET /v1/user`, GitBook's User). */
export type UserJson = Pick<Official.User, 'id' | 'email' | 'displayName' | 'photoURL'>;

/** Identity's API, for what content keeps no copy of (memberships) or has not heard of yet (a new user). */
export interface IdentityApi extends IdentityDirectory {
  /** The calling user, or undefined when identity does not answer 200. */
  currentUser(on: OnBehalfOf): Promise<UserJson | undefined>;
  /** The organization as identity presents it to the caller (`GET /v1/orgs/{organizationId}`). */
  organization(organizationId: string, on: OnBehalfOf): Promise<OrganizationJson>;
}

/** Content's client of identity; the directory's lookups go with content's own assertion (@dp/grants). */
export function identityApi(ctx: { services: { identity: ServiceRequest }; config: { INTERNAL_AUTH_SECRET: string } }): IdentityApi {
  const request = ctx.services.identity;
  return {
    ...identityDirectory(request, 'content', ctx.config.INTERNAL_AUTH_SECRET),
    async currentUser(on) {
      const res = await request<UserJson>('GET', '/v1/user', on);
      return res.status === 200 ? res.body : undefined;
    },
    async organization(organizationId, on) {
      const res = await request<OrganizationJson>('GET', `/v1/orgs/${encodeURIComponent(organizationId)}`, on);
      if (res.status !== 200) throw new HttpError(502, `identity answered ${res.status} for organization ${organizationId}`);
      return res.body;
    },
  };
}
