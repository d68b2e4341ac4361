import type { Knex } from 'knex';
import { type ListParams } from '@dp/http';
import { jsonb, paginate } from '@dp/db';

export interface InstallationRow {
  seq: string;
  id: string;
  integration_id: string;
  organization_id: string;
  status: string;
  space_selection: string;
  site_selection: string;
  configuration: Record<string, unknown>;
  external_ids: string[];
  created_by: string;
  created_at: Date;
  updated_at: Date;
}

export async function insertInstallation(db: Knex, row: { id: string; integration_id: string; organization_id: string; created_by: string }): Promise<InstallationRow | undefined> {
  const [created] = await db<InstallationRow>('installations').insert(row).onConflict(['integration_id', 'organization_id']).ignore().returning('*');
  return created;
}

export const findInstallationById = (db: Knex, id: string) => db<InstallationRow>('installations').where({ id }).first();

export const findInstallation = (db: Knex, integrationId: string, id: string) => db<InstallationRow>('installations').where({ integration_id: integrationId, id }).first();

/** Installations of an integration on the given organizations. */
export function listInstallations(db: Knex, integrationId: string, organizations: string[], filters: { externalId?: string }, params: ListParams) {
  const query = db('installations').where({ integration_id: integrationId }).whereIn('organization_id', organizations);
  if (filters.externalId) query.whereRaw('? = any(external_ids)', [filters.externalId]);
  return paginate<InstallationRow>(query, params);
}

/** Every installation made on an organization (any integration), locked against a concurrent unpublish. */
export const lockInstallationsOfOrganization = (trx: Knex.Transaction, organizationId: string) =>
  trx<InstallationRow>('installations').where({ organization_id: organizationId }).orderBy('seq').forShare();

/** The integration's installation on one of `organizations`, the oldest first (where a caller renders its UI). */
export const findInstallationAmong = (db: Knex, integrationId: string, organizations: string[]) =>
  db<InstallationRow>('installations').where({ integration_id: integrationId }).whereIn('organization_id', organizations).orderBy('seq').first();

export async function updateInstallation(
  db: Knex,
  id: string,
  fields: Partial<Pick<InstallationRow, 'external_ids' | 'space_selection' | 'site_selection'>> & { configuration?: Record<string, unknown> },
): Promise<InstallationRow> {
  const { configuration, ...plain } = fields;
  const [updated] = await db<InstallationRow>('installations')
    .where({ id })
    .update({ ...plain, ...(configuration !== undefined ? { configuration: jsonb(db, configuration) } : {}), updated_at: db.fn.now() })
    .returning('*');
  return updated;
}

/** Installations on an organization that take every space (or site) of it, for a new one to be bound to them. */
export const installationsTakingAll = (db: Knex, organizationId: string, kind: 'space' | 'site') =>
  db<InstallationRow>('installations').where({ organization_id: organizationId, [kind === 'space' ? 'space_selection' : 'site_selection']: 'all' });
