import { sqlMigration } from '@dp/db';

/** A space's merge rules (issue 26, the official `MergeRulesSpaceConfiguration`): `inherit` until an admin sets them. */
export const addMergeRulesToSpaces = sqlMigration(
  '20261228000118_add_merge_rules_to_spaces',
  `alter table spaces add column if not exists merge_rules jsonb not null default '{"type": "inherit"}';`,
);
