import type { Caller } from '@dp/auth';
import { IntegrationsEvents } from '@dp/events';
import { notFound } from '@dp/http';
import type { IntegrationsContext } from '../context';
import { deleteIntegration, lockIntegrationByName } from '../data/integrations';
import { canSee } from '../domain/integration-rules';
import { accessOf, requireOwnerAdmin } from '../queries/load-integration';

/**
 * Unpublishes an integration for good, with its installations and recorded events; the name is free again.
 * Returns false when there was no such integration.
 */
export async function unpublishIntegration(ctx: IntegrationsContext, caller: Caller, name: string): Promise<boolean> {
  return ctx.db.transaction(async (trx) => {
    const integration = await lockIntegrationByName(trx, name);
    if (!integration) return false;
    if (!canSee(accessOf(integration), caller.memberships)) throw notFound('Integration');
    requireOwnerAdmin(integration, caller, 'unpublish it');
    await deleteIntegration(trx, integration.id);
    await ctx.emit(trx, IntegrationsEvents.INTEGRATION_DELETED, { integrationId: integration.id, name, organizationId: integration.organization_id }, integration.id);
    return true;
  });
}
