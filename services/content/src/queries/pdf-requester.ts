import { authorize, identityMemberships, signUserAssertion } from '@dp/auth';
import type { ContentContext } from '../context';

/** Seconds the assertion content signs for the requester lives: it is used at once, for one call. */
const ASSERTION_TTL_S = 10;

/**
 * At each download of a PDF export (docs/adr/0060): whoever asked for it must still be able to read its space,
 * as any read of content is authorized (`authorize` on the organization's role), with the requester's current
 * roles from identity (docs/adr/0022: an assertion that names the user alone, as a worker acting for a stored
 * user signs). A requester who has left the organization gets the same 404 as an unknown URL.
 */
export async function authorizeRequester(ctx: ContentContext, requestedBy: string, organizationId: string, notFoundAs: string): Promise<void> {
  const assertion = signUserAssertion(requestedBy, ctx.config.INTERNAL_AUTH_SECRET, ASSERTION_TTL_S);
  const access = await identityMemberships(ctx.services.identity)(requestedBy, assertion);
  authorize({ userId: requestedBy, staff: false, ...access }, organizationId, 'view', notFoundAs);
}
