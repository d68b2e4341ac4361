import type { Knex } from 'knex';
import { jsonb, paginate } from '@dp/db';
import type { ListParams } from '@dp/http';

/** What an installation is bound to, beyond its organization: a space or a site. */
export type TargetKind = 'space' | 'site';

export interface TargetInstallationRow {
  seq: string;
  installation_id: string;
  kind: TargetKind;
  target_id: string;
  organization_id: string;
  status: 'active' | 'pending' | 'paused';
  configuration: Record<string, unknown>;
  external_ids: string[];
  created_at: Date;
  updated_at: Date;
}

/** Binds the installation to the target; returns the binding and whether it is new (a second bind keeps the first). */
export async function bindTarget(db: Knex, row: Pick<TargetInstallationRow, 'installation_id' | 'kind' | 'target_id' | 'organization_id'>): Promise<{ binding: TargetInstallationRow; created: boolean }> {
  const [inserted] = await db<TargetInstallationRow>('target_installations').insert(row).onConflict(['installation_id', 'kind', 'target_id']).ignore().returning('*');
  if (inserted) return { binding: inserted, created: true };
  return { binding: (await findBinding(db, row.installation_id, row.kind, row.target_id))!, created: false };
}

export const findBinding = (db: Knex, installationId: string, kind: TargetKind, targetId: string) =>
  db<TargetInstallationRow>('target_installations').where({ installation_id: installationId, kind, target_id: targetId }).first();

export async function updateBinding(db: Knex, installationId: string, kind: TargetKind, targetId: string, fields: { configuration?: Record<string, unknown>; external_ids?: string[] }): Promise<TargetInstallationRow | undefined> {
  const [updated] = await db<TargetInstallationRow>('target_installations')
    .where({ installation_id: installationId, kind, target_id: targetId })
    .update({
      ...(fields.configuration !== undefined ? { configuration: jsonb(db, fields.configuration) } : {}),
      ...(fields.external_ids !== undefined ? { external_ids: fields.external_ids } : {}),
      updated_at: db.fn.now(),
    })
    .returning('*');
  return updated;
}

export async function unbindTarget(db: Knex, installationId: string, kind: TargetKind, targetId: string): Promise<TargetInstallationRow | undefined> {
  const [deleted] = await db<TargetInstallationRow>('target_installations').where({ installation_id: installationId, kind, target_id: targetId }).delete().returning('*');
  return deleted;
}

/** Removes every binding to a target (the space or site is gone); returns them. */
export const unbindEverywhere = (db: Knex, kind: TargetKind, targetId: string): Promise<TargetInstallationRow[]> =>
  db<TargetInstallationRow>('target_installations').where({ kind, target_id: targetId }).delete().returning('*');

/**
 * Bindings of one kind, of an integration's installations on `organizations` ('all': every one) or of one
 * installation, oldest first, optionally those carrying an external id.
 */
export function listBindings(db: Knex, filter: { integrationId: string; kind: TargetKind; organizations: 'all' | string[]; installationId?: string; externalId?: string }, params: ListParams) {
  const query = db('target_installations as t')
    .join('installations as i', 'i.id', 't.installation_id')
    .select('t.*')
    .where({ 'i.integration_id': filter.integrationId, 't.kind': filter.kind });
  if (filter.organizations !== 'all') query.whereIn('t.organization_id', filter.organizations);
  if (filter.installationId) query.where('t.installation_id', filter.installationId);
  if (filter.externalId) query.whereRaw('? = any(t.external_ids)', [filter.externalId]);
  return paginate<TargetInstallationRow>(query, params, { key: 't.seq' });
}

/** How many spaces each installation is bound to. */
export async function spaceCounts(db: Knex, installationIds: string[]): Promise<Map<string, number>> {
  if (!installationIds.length) return new Map();
  const rows: Array<{ installation_id: string; count: string }> = await db('target_installations')
    .select('installation_id')
    .count('* as count')
    .where({ kind: 'space' })
    .whereIn('installation_id', installationIds)
    .groupBy('installation_id');
  return new Map(rows.map((r) => [r.installation_id, Number(r.count)]));
}
