import { sqlMigration } from '@dp/db';

/** The merge rules content's space snapshots now carry (issue 26), so that a site space's `space` shows them; null: not heard yet (inherit). */
export const addMergeRulesToSpaceCopies = sqlMigration('20261229000391_add_merge_rules_to_space_copies', `alter table space_copies add column if not exists merge_rules jsonb;`);
