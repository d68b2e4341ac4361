import type { Caller, Role } from '@dp/auth';

/** The gateway's view of a token's owner (internal API; the gateway caches it and signs assertions from it). */
export function presentPrincipal(caller: Caller) {
  return { userId: caller.userId ?? null, staff: caller.staff, memberships: caller.memberships };
}

/** The roles of the user an assertion names (internal API, for services whose assertion was too large to carry them). */
export function presentMemberships(memberships: Record<string, Role>) {
  return { memberships };
}
