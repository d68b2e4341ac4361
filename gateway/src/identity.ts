import { signServiceAssertion, type Caller } from '@dp/auth';
import type { PrincipalResponse } from '@dp/contracts';
import { HttpError, serviceClient } from '@dp/http';
import type { Logger } from '@dp/log';
import type { FetchedPrincipal, PrincipalFetcher } from './principal-cache';

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
      res = await request<PrincipalResponse>('POST', '/internal/principals', { assertion: signServiceAssertion('gateway', secret) }, { body: { tokenHash } });
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

function toPrincipal(body: PrincipalResponse): FetchedPrincipal {
  const expiresAt = body.expiresAt ? Date.parse(body.expiresAt) : undefined;
  return { ...toCaller(body), ...(expiresAt !== undefined && !Number.isNaN(expiresAt) ? { expiresAt } : {}) };
}

// Identity's roles are the role table's (the contract's enum): taken as they come.
function toCaller(body: PrincipalResponse): Caller {
  return body.staff ? { staff: true, memberships: {} } : { userId: body.userId ?? undefined, staff: false, memberships: body.memberships, teams: body.teams };
}
