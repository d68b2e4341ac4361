import type { Caller } from '@dp/auth';
import type { CallerMembershipsResponse, PrincipalResponse } from '@dp/contracts';
import { iso } from '@dp/http';
import type { Principal } from '../data/principals';

/**
 * The gateway's view of a token's owner (internal API; the gateway caches it and signs assertions from it), with
 * the token's expiry, past which the gateway must not keep it (null: it does not expire).
 */
export function presentPrincipal({ caller, expiresAt }: Principal): PrincipalResponse {
  return { userId: caller.userId ?? null, staff: caller.staff, memberships: caller.memberships, teams: [...(caller.teams ?? [])], expiresAt: iso(expiresAt) ?? null };
}

/** The roles and teams of the user an assertion names (internal API, for services whose assertion was too large to carry them). */
export function presentMemberships(caller: Caller): CallerMembershipsResponse {
  return { memberships: caller.memberships, teams: [...(caller.teams ?? [])] };
}
