import { sqlMigration } from '@dp/db';

/** An organization's merge rules (issue 26, the official `MergeRulesStandaloneConfiguration`), which spaces that `inherit` obey. */
export const addMergeRulesToOrganizations = sqlMigration(
  '20261229000001_add_merge_rules_to_organizations',
  `alter table organizations add column if not exists merge_rules jsonb not null default '{"type": "none"}';`,
);
