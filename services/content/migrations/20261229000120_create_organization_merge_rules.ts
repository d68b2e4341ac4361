import { sqlMigration } from '@dp/db';

/**
 * Content's copy of each organization's merge rules (issue 26), from identity's `organization.updated` events:
 * what a merge into a space that inherits obeys. `rules_at` is the event's time, so that an older event delivered
 * late never brings old rules back. An organization without a row has none.
 */
export const createOrganizationMergeRules = sqlMigration(
  '20261229000120_create_organization_merge_rules',
  `
      create table if not exists organization_merge_rules (
        organization_id text primary key,
        merge_rules jsonb not null,
        rules_at timestamptz not null
      );
  `,
);
