import type { Knex } from 'knex';
import type { Role } from '@dp/auth';
import type { ListParams } from '@dp/http';
import { paginate, type Writable } from '@dp/db';
import { findTeam, type TeamWithCounts } from './teams';

export interface SamlProviderRow {
  seq: string;
  id: string;
  organization_id: string;
  label: string;
  /** The identity provider's entity ID (the Issuer of its assertions); null until configured. */
  entity_id: string | null;
  /** Where browsers are sent to sign in at the identity provider; null until configured. */
  sso_url: string | null;
  /** The identity provider's signing certificate (PEM); null until configured. */
  certificate: string | null;
  default_team_id: string | null;
  /** Role of the members a sign-in adds; null: guests. */
  default_role: Role | null;
  created_at: Date;
  updated_at: Date;
}

export const findSamlProvider = (db: Knex, organizationId: string, id: string): Promise<SamlProviderRow | undefined> =>
  db<SamlProviderRow>('saml_providers').where({ organization_id: organizationId, id }).first();

/** A provider by id alone: the public sign-in URLs name no organization. */
export const findSamlProviderById = (db: Knex, id: string): Promise<SamlProviderRow | undefined> => db<SamlProviderRow>('saml_providers').where({ id }).first();

/** Reads the provider and keeps it from being changed or deleted until the transaction ends (a sign-in in flight). */
export const lockSamlProviderForSignIn = (trx: Knex.Transaction, id: string): Promise<SamlProviderRow | undefined> =>
  trx<SamlProviderRow>('saml_providers').where({ id }).forShare().first();

/** Locks the provider against concurrent writes (PATCH, DELETE), so each write's event describes the state it left. */
export const lockSamlProvider = (trx: Knex.Transaction, organizationId: string, id: string): Promise<SamlProviderRow | undefined> =>
  trx<SamlProviderRow>('saml_providers').where({ organization_id: organizationId, id }).forUpdate().first();

export const listSamlProviders = (db: Knex, organizationId: string, params: ListParams) =>
  paginate<SamlProviderRow>(db('saml_providers').where({ organization_id: organizationId }).select('*'), params);

/** The providers people can sign in with (every field of the identity provider set), oldest first. */
export const listActiveSamlProviders = (db: Knex, organizationId: string): Promise<SamlProviderRow[]> =>
  db<SamlProviderRow>('saml_providers')
    .where({ organization_id: organizationId })
    .whereNotNull('entity_id')
    .whereNotNull('sso_url')
    .whereNotNull('certificate')
    .orderBy('seq')
    .limit(1000);

export async function insertSamlProvider(db: Knex, row: Writable<SamlProviderRow> & { id: string; organization_id: string; label: string }): Promise<SamlProviderRow> {
  const [provider] = await db<SamlProviderRow>('saml_providers').insert(row).returning('*');
  return provider;
}

export async function updateSamlProvider(db: Knex, id: string, patch: Writable<SamlProviderRow>): Promise<SamlProviderRow> {
  const [provider] = await db<SamlProviderRow>('saml_providers')
    .where({ id })
    .update({ ...patch, updated_at: db.fn.now() })
    .returning('*');
  return provider;
}

/** Deletes the provider; its pending sign-in requests go with it (foreign key), so they can no longer finish. */
export async function deleteSamlProvider(db: Knex, organizationId: string, id: string): Promise<boolean> {
  return (await db('saml_providers').where({ organization_id: organizationId, id }).delete()) > 0;
}

/** The default teams of some providers (with their member counts), by team id: one read per distinct team. */
export async function defaultTeamsOf(db: Knex, providers: SamlProviderRow[]): Promise<Map<string, TeamWithCounts>> {
  const wanted = new Map(providers.filter((p) => p.default_team_id).map((p) => [p.default_team_id!, p.organization_id]));
  const teams = await Promise.all([...wanted].map(([teamId, organizationId]) => findTeam(db, organizationId, teamId)));
  return new Map(teams.filter((t) => t !== undefined).map((t) => [t.id, t]));
}
