import { authorize, requireUser, type Caller } from '@dp/auth';
import { newId } from '@dp/db';
import { IntegrationsEvents } from '@dp/events';
import { conflict, forbidden, notFound } from '@dp/http';
import type { IntegrationsContext } from '../context';
import { insertInstallation, type InstallationRow } from '../data/installations';
import { lockIntegrationByName } from '../data/integrations';
import { installationSetupPayload } from '../domain/integration-events';
import { canSee, mayInstallOn } from '../domain/integration-rules';
import { accessOf } from '../queries/load-integration';
import { recordIntegrationEvent } from './record-integration-event';

/**
 * An admin of an organization installs an integration they can see on it: once per organization (409 the
 * second time); a private integration only on its own organization. The installation starts `active` and
 * its `installation_setup` event is recorded for the integration.
 */
export async function installIntegration(ctx: IntegrationsContext, caller: Caller, name: string, organizationId: string): Promise<InstallationRow> {
  const userId = requireUser(caller);
  return ctx.db.transaction(async (trx) => {
    const integration = await lockIntegrationByName(trx, name);
    if (!integration || !canSee(accessOf(integration), caller.memberships)) throw notFound('Integration');
    authorize(caller, organizationId, 'admin', 'Organization');
    if (!mayInstallOn(accessOf(integration), organizationId)) {
      throw forbidden(`Integration ${name} is private to the organization that owns it and cannot be installed on another one`);
    }
    const installation = await insertInstallation(trx, { id: newId(), integration_id: integration.id, organization_id: organizationId, created_by: userId });
    if (!installation) throw conflict(`Integration ${name} is already installed on organization ${organizationId}`);
    await ctx.emit(trx, IntegrationsEvents.INSTALLATION_CREATED, { installationId: installation.id, integrationId: integration.id, organizationId }, installation.id);
    await recordIntegrationEvent(trx, {
      integrationId: integration.id,
      installationId: installation.id,
      payload: installationSetupPayload(newId(), installation.id, installation.status),
      log: { message: `installation created on organization ${organizationId}` },
    });
    return installation;
  });
}
