import { sqlMigration } from '@dp/db';

/**
 * The paths pages of a space had before a live revision moved them (docs/adr/0089): the newest page to have
 * left a path holds it. The sites publisher asks here before a 404, so that old links follow the page.
 */
export const createFormerPagePaths = sqlMigration(
  '20261228000112_create_former_page_paths',
  `
      create table if not exists former_page_paths (
        space_id text not null references spaces(id) on delete cascade,
        path text not null,
        page_id text not null,
        recorded_at timestamptz not null default now(),
        primary key (space_id, path)
      );
    `,
);
