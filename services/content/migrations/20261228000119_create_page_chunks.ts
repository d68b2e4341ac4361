import { sqlMigration } from '@dp/db';

/**
 * A revision's page tree kept as content-addressed chunks (docs/adr/0104): a new revision stores the chunks that
 * changed and a list of hashes, so a one-page edit of a 5,000-page space costs one chunk, not a copy of the tree.
 * Rows written before keep their `pages` (their `page_chunks` is null) and read as they did.
 */
export const createPageChunks = sqlMigration(
  '20261228000119_create_page_chunks',
  `
    create table if not exists page_chunks (
      hash text primary key,
      pages jsonb not null,
      created_at timestamptz not null default now()
    );
    alter table revisions add column if not exists page_chunks text[];
  `,
);
