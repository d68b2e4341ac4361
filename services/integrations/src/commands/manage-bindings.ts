import { authorize, type Caller, type Asker } from '@dp/auth';
import { newId } from '@dp/db';
import { notFound } from '@dp/http';
import type { Knex } from 'knex';
import type { TargetsClient } from '../clients/targets';
import type { IntegrationsContext } from '../context';
import { findInstallation, type InstallationRow } from '../data/installations';
import { bindTarget, unbindTarget, updateBinding, type TargetInstallationRow, type TargetKind } from '../data/target-installations';
import { targetInstallationDeletedPayload, targetInstallationSetupPayload } from '../domain/integration-events';
import { loadVisibleIntegration } from '../queries/load-integration';
import { recordIntegrationEvent } from './record-integration-event';

/** The installation an admin of its organization manages (404 when it is not theirs to see, 403 when not an admin). */
export async function installationToManage(ctx: IntegrationsContext, caller: Caller, name: string, installationId: string) {
  const integration = await loadVisibleIntegration(ctx.db, caller, name);
  const installation = await findInstallation(ctx.db, integration.id, installationId);
  if (!installation || !caller.memberships[installation.organization_id]) throw notFound('Installation');
  authorize(caller, installation.organization_id, 'admin', 'Organization');
  return { integration, installation };
}

/**
 * Binds an installation to a space or site of its organization (docs/adr/0043), which content or sites must
 * show the caller; a new binding is announced to the integration (`space_installation_setup` /
 * `site_installation_setup`). Binding again keeps the binding as it is.
 */
export async function bindInstallation(ctx: IntegrationsContext, targets: TargetsClient, who: Asker, name: string, installationId: string, kind: TargetKind, targetId: string) {
  const { installation } = await installationToManage(ctx, who.caller, name, installationId);
  const target = await targets.find(kind, installation.organization_id, targetId, who.on);
  if (!target || (target.object === 'space' && target.organization !== installation.organization_id)) throw notFound(kind === 'space' ? 'Space' : 'Site');
  const binding = await ctx.db.transaction((trx) => bindAndAnnounce(trx, installation, kind, targetId));
  return { binding, target };
}

/** Binds and, when the binding is new, records its setup event for delivery; inside `trx`. */
export async function bindAndAnnounce(trx: Knex.Transaction, installation: InstallationRow, kind: TargetKind, targetId: string): Promise<TargetInstallationRow> {
  const { binding, created } = await bindTarget(trx, { installation_id: installation.id, kind, target_id: targetId, organization_id: installation.organization_id });
  if (created) {
    await recordIntegrationEvent(trx, {
      integrationId: installation.integration_id,
      installationId: installation.id,
      payload: targetInstallationSetupPayload(kind, newId(), installation.id, targetId, binding.status),
      log: { message: `installed on ${kind} ${targetId}` },
    });
  }
  return binding;
}

/** Changes a binding's configuration or external ids (PATCH); announced as a setup with what it was before. */
export async function updateInstallationBinding(
  ctx: IntegrationsContext,
  caller: Caller,
  name: string,
  installationId: string,
  kind: TargetKind,
  targetId: string,
  fields: { configuration?: Record<string, unknown>; externalIds?: string[] },
): Promise<TargetInstallationRow> {
  const { installation } = await installationToManage(ctx, caller, name, installationId);
  return ctx.db.transaction(async (trx) => {
    const before = await trx<TargetInstallationRow>('target_installations').where({ installation_id: installation.id, kind, target_id: targetId }).forUpdate().first();
    if (!before) throw notFound(kind === 'space' ? 'Space installation' : 'Site installation');
    const updated = (await updateBinding(trx, installation.id, kind, targetId, { configuration: fields.configuration, external_ids: fields.externalIds }))!;
    await recordIntegrationEvent(trx, {
      integrationId: installation.integration_id,
      installationId: installation.id,
      payload: targetInstallationSetupPayload(kind, newId(), installation.id, targetId, updated.status, { status: before.status, configuration: before.configuration }),
      log: { message: `${kind} installation on ${targetId} updated` },
    });
    return updated;
  });
}

/** Ends a binding (DELETE); returns whether there was one. Announced as `*_installation_deleted`. */
export async function unbindInstallation(ctx: IntegrationsContext, caller: Caller, name: string, installationId: string, kind: TargetKind, targetId: string): Promise<boolean> {
  const { installation } = await installationToManage(ctx, caller, name, installationId);
  return ctx.db.transaction(async (trx) => {
    const removed = await unbindTarget(trx, installation.id, kind, targetId);
    if (removed) await announceUnbound(trx, installation.integration_id, removed);
    return Boolean(removed);
  });
}

export async function announceUnbound(trx: Knex.Transaction, integrationId: string, binding: TargetInstallationRow): Promise<void> {
  await recordIntegrationEvent(trx, {
    integrationId,
    installationId: binding.installation_id,
    payload: targetInstallationDeletedPayload(binding.kind, newId(), binding.installation_id, binding.target_id, binding.configuration),
    log: { message: `uninstalled from ${binding.kind} ${binding.target_id}` },
  });
}

