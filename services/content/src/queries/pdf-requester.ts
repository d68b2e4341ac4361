import { authorizeRole, identityMemberships, signUserAssertion } from '@dp/auth';
import type { ContentContext } from '../context';
import type { SpaceRow } from '../data/spaces';
import { spaceRoleOf } from './content-roles';

/** Seconds the assertion content signs for the requester lives: it is used at once, for one call. */
const ASSERTION_TTL_S = 10;

/**
 * At each download of a PDF export (docs/adr/0060): whoever asked for it must still be able to read its space,
 * as any read of content is authorized (their role on the space: the organization's, raised by grants to them or
 * their teams, docs/adr/0096, 0097), with the requester's current roles and teams from identity (docs/adr/0022:
 * an assertion that names the user alone, as a worker acting for a stored user signs). A requester who has lost
 * their access gets the same 404 as an unknown URL.
 */
export async function authorizeRequester(ctx: ContentContext, requestedBy: string, space: SpaceRow, notFoundAs: string): Promise<void> {
  const assertion = signUserAssertion(requestedBy, ctx.config.INTERNAL_AUTH_SECRET, ASSERTION_TTL_S);
  const access = await identityMemberships(ctx.services.identity)(requestedBy, assertion);
  authorizeRole(await spaceRoleOf(ctx.db, { userId: requestedBy, staff: false, ...access }, space), 'view', notFoundAs);
}
