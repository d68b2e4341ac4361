import { requireUser, type Caller } from '@dp/auth';
import type { IdentityContext } from '../context';
import { deleteSamlLink } from '../data/saml-links';

/**
 * The caller removes their account's link to a SAML provider: it no longer signs them in (their memberships and
 * tokens stay; they revoke tokens themselves). Returns whether there was a link; another user's is not theirs to see.
 */
export async function unlinkSamlAccount(ctx: IdentityContext, caller: Caller, samlProviderId: string): Promise<boolean> {
  return deleteSamlLink(ctx.db, samlProviderId, requireUser(caller));
}
