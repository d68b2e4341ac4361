import { sqlMigration } from '@dp/db';

/** The version of the snapshot the copy was last written from (null: from one without, see ADR 0029). */
export const addVersionToSpaceCopies = sqlMigration(
  '20261124000304_add_version_to_space_copies',
  `alter table space_copies add column if not exists snapshot_version bigint;`,
);
