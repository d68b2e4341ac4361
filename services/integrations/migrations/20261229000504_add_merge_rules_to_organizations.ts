import { sqlMigration } from '@dp/db';

/** The merge rules identity's organization events now carry (issue 26), shown on an integration's owner; null: not heard yet (none). */
export const addMergeRulesToOrganizations = sqlMigration('20261229000504_add_merge_rules_to_organizations', `alter table organizations add column if not exists merge_rules jsonb;`);
