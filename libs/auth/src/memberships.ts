import { HttpError } from '@dp/errors';
import type { ServiceRequest } from '@dp/http';
import type { CallerMembershipsResponse } from '@dp/contracts';
import type { MembershipSource } from './middleware';

/** Identity's internal endpoint that answers the roles (and teams) of the user an assertion names (docs/adr/0022). */
export const CALLER_MEMBERSHIPS_PATH = '/internal/caller/memberships';

/**
 * The roles of a caller whose assertion is too large to carry them, from identity (the app's one identity
 * client), asked with that same assertion (so identity answers for that user only, and for no one without a
 * valid assertion).
 */
export function identityMemberships(identity: ServiceRequest): MembershipSource {
  return async (_userId, assertion) => {
    const res = await identity<CallerMembershipsResponse>('GET', CALLER_MEMBERSHIPS_PATH, { assertion });
    if (res.status !== 200) throw new HttpError(503, 'The roles of the caller could not be read from identity');
    return { memberships: res.body.memberships, teams: res.body.teams };
  };
}
