import { sqlMigration } from '@dp/db';

/**
 * The version of the snapshot each content.space.* event carries: bumped in the transaction that emits it,
 * so consumers (sites) apply only a strictly newer snapshot whatever order the events arrive in (ADR 0029).
 * A table of its own rather than a column of spaces: comment commands hold the space FOR SHARE, and bumping
 * a column of that row would upgrade their lock (two concurrent comments would deadlock); bumping this row
 * serialises the emitters of one space instead, in commit order.
 */
export const createSpaceVersions = sqlMigration(
  '20261124000107_create_space_versions',
  `
      create table if not exists space_versions (
        space_id text primary key references spaces(id) on delete cascade,
        version bigint not null
      );
    `,
);
