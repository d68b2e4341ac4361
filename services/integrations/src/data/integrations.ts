import type { Knex } from 'knex';
import { type ListParams } from '@dp/http';
import { jsonb, paginate, type Writable, containsPattern } from '@dp/db';
import type { OrganizationRow } from './organizations';

export interface IntegrationRow {
  seq: string;
  id: string;
  name: string;
  organization_id: string;
  version: number;
  runtime: string;
  title: string;
  description: string;
  summary: string | null;
  icon: string | null;
  preview_images: string[];
  visibility: string;
  target: string;
  scopes: string[];
  categories: string[];
  blocks: object[];
  block_domains: string[];
  content_sources: object[];
  external_links: Array<{ url: string; label: string }>;
  configurations: Record<string, object>;
  script: string;
  /** Emptied: the secrets are sealed in `secrets_sealed` (docs/adr/0043); kept for rows from before sealing. */
  secrets: Record<string, string>;
  /** The `secrets` given at publish, as JSON sealed under INTEGRATIONS_SECRETS_KEY; null: none given. */
  secrets_sealed: string | null;
  /** The integration's signing secret (signatures of what we send it), sealed; made at its first publish. */
  signing_secret_sealed: string | null;
  /** Development mode: calls go to this tunnel (all organizations' with `dev_all`, else its own only). */
  dev_tunnel_url: string | null;
  dev_all: boolean;
  content_security_policy: string | Record<string, string> | null;
  published_by: string;
  created_at: Date;
  updated_at: Date;
}

/** An integration with its owner (from the local organizations copy), as presenters need it. */
export type IntegrationWithOwner = IntegrationRow & { owner: Pick<OrganizationRow, 'id' | 'title' | 'created_at' | 'merge_rules'> };

export type IntegrationWrite = Omit<IntegrationRow, 'seq' | 'created_at' | 'updated_at' | 'dev_tunnel_url' | 'dev_all'>;

const withOwner = (db: Knex) =>
  db('integrations as i')
    .join('organizations as o', 'o.id', 'i.organization_id')
    .select('i.*', db.raw(`json_build_object('id', o.id, 'title', o.title, 'created_at', o.created_at, 'merge_rules', o.merge_rules) as owner`));

export const findIntegrationByName = (db: Knex, name: string): Promise<IntegrationWithOwner | undefined> => withOwner(db).where('i.name', name).first();

export const findIntegrationById = (db: Knex, id: string): Promise<IntegrationWithOwner | undefined> => withOwner(db).where('i.id', id).first();

/** Sets or ends (null) an integration's development mode. */
export async function setDevelopmentMode(db: Knex, id: string, tunnel: { url: string; all: boolean } | null): Promise<void> {
  await db<IntegrationRow>('integrations')
    .where({ id })
    .update({ dev_tunnel_url: tunnel?.url ?? null, dev_all: tunnel?.all ?? false, updated_at: db.fn.now() });
}

/** Integrations whose secrets are still in the plaintext column, or that have no signing secret yet. */
export const integrationsToSeal = (db: Knex) =>
  db<IntegrationRow>('integrations').where((q) => q.whereRaw(`secrets <> '{}'::jsonb`).orWhereNull('signing_secret_sealed')).forUpdate().skipLocked();

export async function storeSealedSecrets(db: Knex, id: string, sealed: Pick<IntegrationRow, 'secrets_sealed' | 'signing_secret_sealed'>): Promise<void> {
  await db<IntegrationRow>('integrations')
    .where({ id })
    .update({ ...sealed, secrets: jsonb(db, {}) });
}

/**
 * Stores `sealed` as the integration's signing secret if it still has none, and returns the one it has
 * then (another process may have sealed one first: its secret wins, so every call signs with the same).
 */
export async function sealSigningSecretIfMissing(db: Knex, id: string, sealed: string): Promise<string | undefined> {
  const [stored] = await db<IntegrationRow>('integrations').where({ id }).whereNull('signing_secret_sealed').update({ signing_secret_sealed: sealed }).returning('signing_secret_sealed');
  if (stored?.signing_secret_sealed) return stored.signing_secret_sealed;
  return (await db<IntegrationRow>('integrations').where({ id }).first('signing_secret_sealed'))?.signing_secret_sealed ?? undefined;
}

export const lockIntegrationByName = (trx: Knex.Transaction, name: string) => trx<IntegrationRow>('integrations').where({ name }).forUpdate().first();

export async function insertIntegration(db: Knex, row: IntegrationWrite): Promise<IntegrationRow> {
  const [created] = await db<IntegrationRow>('integrations').insert(jsonColumns(db, row)).returning('*');
  return created;
}

export async function updateIntegration(db: Knex, id: string, row: Partial<IntegrationWrite>): Promise<IntegrationRow> {
  const [updated] = await db<IntegrationRow>('integrations')
    .where({ id })
    .update({ ...jsonColumns(db, row), updated_at: db.fn.now() })
    .returning('*');
  return updated;
}

export const deleteIntegration = (db: Knex, id: string) => db('integrations').where({ id }).delete();

/** The row with its jsonb columns sent through jsonb(): pg would otherwise turn a JS array into a PostgreSQL array. */
function jsonColumns(db: Knex, row: Partial<IntegrationWrite>): Writable<IntegrationRow> {
  const { blocks, content_sources, external_links, configurations, secrets, content_security_policy, ...plain } = row;
  return {
    ...plain,
    ...(blocks !== undefined ? { blocks: jsonb(db, blocks) } : {}),
    ...(content_sources !== undefined ? { content_sources: jsonb(db, content_sources) } : {}),
    ...(external_links !== undefined ? { external_links: jsonb(db, external_links) } : {}),
    ...(configurations !== undefined ? { configurations: jsonb(db, configurations) } : {}),
    ...(secrets !== undefined ? { secrets: jsonb(db, secrets) } : {}),
    // The one nullable jsonb column: null stays SQL NULL rather than the JSON value null.
    ...(content_security_policy !== undefined ? { content_security_policy: content_security_policy === null ? null : jsonb(db, content_security_policy) } : {}),
  };
}

export interface IntegrationFilters {
  search?: string;
  category?: string;
  blockDomain?: string;
  blocks?: boolean;
  contentSources?: boolean;
  owner?: string;
  scope?: string;
  targets?: string[];
}

/** Integrations listed to a caller: the public ones, and every one owned by an organization they belong to. */
export function listVisibleIntegrations(db: Knex, memberOf: string[], filters: IntegrationFilters, params: ListParams) {
  const query = withOwner(db).where((q) => {
    q.where('i.visibility', 'public');
    if (memberOf.length) q.orWhereIn('i.organization_id', memberOf);
  });
  if (filters.search) {
    const like = containsPattern(filters.search);
    query.where((q) => q.whereILike('i.name', like).orWhereILike('i.title', like));
  }
  if (filters.category) query.whereRaw('? = any(i.categories)', [filters.category]);
  if (filters.scope) query.whereRaw('? = any(i.scopes)', [filters.scope]);
  if (filters.blockDomain) query.whereRaw('? = any(i.block_domains)', [filters.blockDomain]);
  if (filters.blocks !== undefined) query.whereRaw(`jsonb_array_length(i.blocks) ${filters.blocks ? '>' : '='} 0`);
  if (filters.contentSources !== undefined) query.whereRaw(`jsonb_array_length(i.content_sources) ${filters.contentSources ? '>' : '='} 0`);
  if (filters.owner) query.where('i.organization_id', filters.owner);
  if (filters.targets) query.whereIn('i.target', filters.targets);
  return paginate<IntegrationWithOwner>(query, params, { key: 'i.seq' });
}
