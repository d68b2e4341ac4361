import type { Knex } from 'knex';
import type { MergeRulesConfiguration } from '@dp/contracts';
import { jsonb } from '@dp/db';

/** The organization's merge rules as identity last announced them; undefined: it never set any. */
interface OrganizationMergeRulesRow {
  organization_id: string;
  merge_rules: MergeRulesConfiguration;
  rules_at: Date;
}

export async function findOrganizationMergeRules(db: Knex, organizationId: string): Promise<MergeRulesConfiguration | undefined> {
  const row = await db<OrganizationMergeRulesRow>('organization_merge_rules').where({ organization_id: organizationId }).first('merge_rules');
  return row?.merge_rules;
}

/** Keeps the copy: rules from an event at least as recent as the stored one replace them; older ones change nothing. */
export async function storeOrganizationMergeRules(db: Knex, organizationId: string, rules: MergeRulesConfiguration, at: string): Promise<void> {
  await db('organization_merge_rules')
    .insert({ organization_id: organizationId, merge_rules: jsonb(db, rules), rules_at: at })
    .onConflict('organization_id')
    .merge({
      merge_rules: db.raw('case when excluded.rules_at >= organization_merge_rules.rules_at then excluded.merge_rules else organization_merge_rules.merge_rules end'),
      rules_at: db.raw('greatest(organization_merge_rules.rules_at, excluded.rules_at)'),
    });
}
