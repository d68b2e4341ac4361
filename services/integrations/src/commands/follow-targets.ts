import type { Knex } from 'knex';
import { installationsTakingAll } from '../data/installations';
import { unbindEverywhere, type TargetKind } from '../data/target-installations';
import { announceUnbound, bindAndAnnounce } from './manage-bindings';

/**
 * A space or site was made in an organization (docs/adr/0043): every installation there that takes all of
 * them (`space_selection` / `site_selection` `all`) is bound to it, announced to its integration. Returns how many.
 */
export async function bindNewTarget(trx: Knex.Transaction, kind: TargetKind, organizationId: string, targetId: string): Promise<number> {
  const installations = await installationsTakingAll(trx, organizationId, kind);
  for (const installation of installations) await bindAndAnnounce(trx, installation, kind, targetId);
  return installations.length;
}

/** A space or site is gone: every binding to it ends, announced as `*_installation_deleted`. Returns how many. */
export async function unbindRemovedTarget(trx: Knex.Transaction, kind: TargetKind, targetId: string): Promise<number> {
  const removed = await unbindEverywhere(trx, kind, targetId);
  for (const binding of removed) {
    const installation = await trx('installations').select('integration_id').where({ id: binding.installation_id }).first();
    if (installation) await announceUnbound(trx, installation.integration_id, binding);
  }
  return removed.length;
}
