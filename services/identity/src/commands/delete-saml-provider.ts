import { authorize, type Caller } from '@dp/auth';
import { IdentityEvents } from '@dp/events';
import type { IdentityContext } from '../context';
import { deleteSamlProvider } from '../data/saml-providers';

/**
 * An admin removes a provider; sign-ins started with it can no longer finish (their requests go with it).
 * Returns false when there was no such provider.
 */
export async function removeSamlProvider(ctx: IdentityContext, caller: Caller, organizationId: string, samlProviderId: string): Promise<boolean> {
  authorize(caller, organizationId, 'admin', 'Organization');
  return ctx.db.transaction(async (trx) => {
    if (!(await deleteSamlProvider(trx, organizationId, samlProviderId))) return false;
    await ctx.emit(trx, IdentityEvents.SAML_PROVIDER_DELETED, { organizationId, samlProviderId }, organizationId);
    return true;
  });
}
