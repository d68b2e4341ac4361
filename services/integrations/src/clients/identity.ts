import type { OrganizationJson } from '@dp/contracts';
import { HttpError, notFound, type OnBehalfOf, type ServiceRequest } from '@dp/http';

/** What integrations reads of an organization from identity's API (with the caller's own assertion): identity's contract. */
export type IdentityOrganization = OrganizationJson;

/**
 * Identity's API, for the two facts that must be fresh when an integration is published: which organization
 * a subdomain names, and an organization the local copy has not heard of yet (created a moment ago).
 * Identity authorizes these calls exactly as it would the caller's own.
 */
export function identityApi(request: ServiceRequest) {
  return {
    async organization(organizationId: string, on: OnBehalfOf): Promise<IdentityOrganization> {
      const res = await request<IdentityOrganization>('GET', `/v1/orgs/${encodeURIComponent(organizationId)}`, on);
      if (res.status === 404) throw notFound('Organization');
      if (res.status !== 200) throw new HttpError(502, `identity answered ${res.status} for the organization`);
      return res.body;
    },
    /** The caller's organization whose hostname (subdomain) is `hostname`, if any. */
    async organizationByHostname(hostname: string, on: OnBehalfOf): Promise<IdentityOrganization | undefined> {
      const path = `/internal/orgs/by-hostname/${encodeURIComponent(hostname.toLowerCase())}`;
      const res = await request<IdentityOrganization>('GET', path, on);
      if (res.status === 404) return undefined;
      if (res.status !== 200) throw new HttpError(502, `identity answered ${res.status} for the organization of ${hostname}`);
      return res.body;
    },
  };
}

export type IdentityApi = ReturnType<typeof identityApi>;
