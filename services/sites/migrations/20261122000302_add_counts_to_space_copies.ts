import { sqlMigration } from '@dp/db';

/** The embedded Space shows content's counters (change requests, comments): the copy keeps them too. */
export const addCountsToSpaceCopies = sqlMigration(
  '20261122000302_add_counts_to_space_copies',
  `alter table space_copies add column if not exists counts jsonb;`,
);
