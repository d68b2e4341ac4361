import type { Knex } from 'knex';
import type { MergeRulesConfiguration } from '@dp/contracts';
import { jsonb } from '@dp/db';

/** Local copy of an identity organization: what integrations show of an integration's owner. */
export interface OrganizationRow {
  id: string;
  title: string;
  /** Null while only an update event was heard of; set by the created event or an identity read. */
  created_at: Date | string | null;
  title_at: Date | string;
  /** Null until an event or identity's answer carried them. */
  merge_rules: MergeRulesConfiguration | null;
}

export const findOrganization = (db: Knex, id: string) => db<OrganizationRow>('organizations').where({ id }).first();

type OrganizationFact = Pick<OrganizationRow, 'id' | 'title' | 'created_at' | 'title_at'> & { merge_rules?: MergeRulesConfiguration };

/**
 * Inserts or refreshes the copy. The title and merge rules are taken only from a fact at least as recent as the
 * stored one (`title_at`), so events delivered out of order (a retry, a late created event) never bring old ones
 * back; a fact without rules keeps those known; the creation time is kept once known (`least` ignores nulls).
 */
export async function upsertOrganization(db: Knex, { merge_rules, ...row }: OrganizationFact): Promise<void> {
  const newer = 'excluded.title_at >= organizations.title_at';
  await db('organizations')
    .insert({ ...row, merge_rules: merge_rules ? jsonb(db, merge_rules) : null })
    .onConflict('id')
    .merge({
      title: db.raw(`case when ${newer} then excluded.title else organizations.title end`),
      merge_rules: db.raw(`case when ${newer} and excluded.merge_rules is not null then excluded.merge_rules else organizations.merge_rules end`),
      title_at: db.raw('greatest(organizations.title_at, excluded.title_at)'),
      created_at: db.raw('least(organizations.created_at, excluded.created_at)'),
    });
}
