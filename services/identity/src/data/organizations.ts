import type { Knex } from 'knex';
import type { ListParams } from '@dp/http';
import type { MergeRulesConfiguration } from '@dp/contracts';
import { paginate, type Writable } from '@dp/db';

export interface OrganizationRow {
  seq: string;
  id: string;
  title: string;
  email_domains: string[];
  hostname: string | null;
  type: string;
  use_case: string | null;
  community_type: string | null;
  default_role: string | null;
  default_content: { type: string; site: string } | null;
  logo: string | null;
  sso: boolean;
  ai: boolean;
  invite_links: boolean;
  merge_rules: MergeRulesConfiguration;
  created_by: string;
  created_at: Date;
  updated_at: Date;
}

export const findOrganization = (db: Knex, id: string) => db<OrganizationRow>('organizations').where({ id }).first();

/** Hostnames are stored lower-case and unique. */
export const findOrganizationByHostname = (db: Knex, hostname: string) => db<OrganizationRow>('organizations').where({ hostname }).first();

export async function insertOrganization(db: Knex, row: Partial<OrganizationRow> & { id: string; title: string; created_by: string }): Promise<OrganizationRow> {
  const [org] = await db<OrganizationRow>('organizations').insert(row).returning('*');
  return org;
}

export async function updateOrganization(db: Knex, id: string, patch: Writable<OrganizationRow>): Promise<OrganizationRow> {
  const [org] = await db<OrganizationRow>('organizations')
    .where({ id })
    .update({ ...patch, updated_at: db.fn.now() })
    .returning('*');
  return org;
}

export const isHostnameTaken = async (db: Knex, hostname: string, exceptId: string) =>
  !!(await db('organizations').where({ hostname }).whereNot({ id: exceptId }).first('id'));

/** Organizations the user is a member of, in creation order. */
export function listOrganizationsOfUser(db: Knex, userId: string, params: ListParams) {
  const query = db('organizations as o')
    .join('members as m', 'm.organization_id', 'o.id')
    .where('m.user_id', userId)
    .select('o.*', 'm.role as caller_role');
  return paginate<OrganizationRow & { caller_role: string }>(query, params, { key: 'o.seq' });
}

export const listOrganizationsByEmailDomain = (db: Knex, domain: string) =>
  db<OrganizationRow>('organizations').whereRaw('? = any(email_domains)', [domain.toLowerCase()]).orderBy('seq').limit(1000);
