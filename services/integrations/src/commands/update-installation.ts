import { newId } from '@dp/db';
import type { TargetsClient } from '../clients/targets';
import type { IntegrationsContext } from '../context';
import { updateInstallation, type InstallationRow } from '../data/installations';
import type { TargetKind } from '../data/target-installations';
import { installationUpdatedPayload } from '../domain/integration-events';
import type { UpdateInstallationBody } from '../schemas/installations';
import { bindAndAnnounce, installationToManage } from './manage-bindings';
import { recordIntegrationEvent } from './record-integration-event';
import type { Asker } from '@dp/auth';

/**
 * The official installation update (PATCH, docs/adr/0043): external ids, configuration (announced as an
 * `installation_setup` with what it was before), and which spaces and sites it takes. Selecting `all` binds
 * every space (site) of the organization now, asked of content (sites) on the caller's behalf, and each one
 * made later (their creation events); `selected` keeps the bindings there are. Admins of its organization.
 */
export async function updateIntegrationInstallation(ctx: IntegrationsContext, targets: TargetsClient, who: Asker, name: string, installationId: string, input: UpdateInstallationBody): Promise<InstallationRow> {
  const { installation } = await installationToManage(ctx, who.caller, name, installationId);
  const takingAll: TargetKind[] = [];
  if (input.space_selection === 'all' && installation.space_selection !== 'all') takingAll.push('space');
  if (input.site_selection === 'all' && installation.site_selection !== 'all') takingAll.push('site');
  // Asked before the transaction: a slow service holds no lock.
  const everyTarget = await Promise.all(takingAll.map(async (kind) => ({ kind, ids: await targets.listIds(kind, installation.organization_id, who.on) })));
  return ctx.db.transaction(async (trx) => {
    const updated = await updateInstallation(trx, installation.id, {
      ...(input.externalIds !== undefined ? { external_ids: input.externalIds } : {}),
      ...(input.configuration !== undefined ? { configuration: input.configuration } : {}),
      ...(input.space_selection !== undefined ? { space_selection: input.space_selection } : {}),
      ...(input.site_selection !== undefined ? { site_selection: input.site_selection } : {}),
    });
    if (input.configuration !== undefined) {
      await recordIntegrationEvent(trx, {
        integrationId: installation.integration_id,
        installationId: installation.id,
        payload: installationUpdatedPayload(newId(), installation.id, updated.status, { status: installation.status, configuration: installation.configuration }),
        log: { message: 'installation configuration updated' },
      });
    }
    for (const { kind, ids } of everyTarget) for (const id of ids) await bindAndAnnounce(trx, updated, kind, id);
    return updated;
  });
}
