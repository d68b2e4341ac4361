import { sqlMigration } from '@dp/db';

/**
 * The reusable contents each indexed page includes (docs/adr/0109): a page's row holds their text, so a change to one
 * of them re-indexes the pages that include it, found by this column.
 */
export const searchPagesIncludes = sqlMigration(
  '20261231000127_search_pages_includes',
  `
      alter table search_pages add column if not exists includes text[] not null default '{}';
      create index if not exists search_pages_includes on search_pages using gin (includes);
  `,
);
