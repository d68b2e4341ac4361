import { isRole, signServiceAssertion, type Caller, type Role } from '@dp/auth';
import { HttpError, serviceClient } from '@dp/http';
import type { Logger } from '@dp/log';
import type { FetchedPrincipal, PrincipalFetcher } from './principal-cache';

interface PrincipalBody {
  userId: string | null;
  staff: boolean;
  memberships: Record<string, string>;
  /** The token's expiry (ISO date-time), null when it does not expire. */
  expiresAt?: string | null;
}

/**
 * Principals from identity's internal API (`POST /internal/principals`, not routed by the gateway), asked with
 * the gateway's own service assertion: identity alone reads its tables (docs/adr/0021). Identity failing is
 * 503, never a wrong 401.
 */
export function identityPrincipals(identityUrl: string, secret: string, log: Logger): PrincipalFetcher {
  const request = serviceClient(identityUrl, { serviceName: 'identity' });
  return async (tokenHash) => {
    let res;
    try {
      res = await request<PrincipalBody>('POST', '/internal/principals', { assertion: signServiceAssertion('gateway', secret) }, { body: { tokenHash } });
    } catch (err) {
      log.warn({ err: (err as Error).message }, 'principal lookup failed');
      throw new HttpError(503, 'Authentication is temporarily unavailable');
    }
    if (res.status === 404) return undefined;
    if (res.status !== 200) {
      log.warn({ status: res.status }, 'principal lookup refused');
      throw new HttpError(503, 'Authentication is temporarily unavailable');
    }
    return toPrincipal(res.body);
  };
}

function toPrincipal(body: PrincipalBody): FetchedPrincipal {
  const expiresAt = body.expiresAt ? Date.parse(body.expiresAt) : undefined;
  return { ...toCaller(body), ...(expiresAt !== undefined && !Number.isNaN(expiresAt) ? { expiresAt } : {}) };
}

function toCaller(body: PrincipalBody): Caller {
  const memberships: Record<string, Role> = {};
  for (const [organizationId, role] of Object.entries(body.memberships)) if (isRole(role)) memberships[organizationId] = role;
  return body.staff ? { staff: true, memberships: {} } : { userId: body.userId ?? undefined, staff: false, memberships };
}
