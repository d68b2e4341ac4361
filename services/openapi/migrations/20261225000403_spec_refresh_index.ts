import { sqlMigration } from '@dp/db';

/**
 * The periodic refresh of URL sources (docs/adr/0042) looks for the specs processed longest ago: an index on
 * when each URL source was last processed, so that the worker's scan reads only the due rows.
 */
export const specRefreshIndex = sqlMigration(
  '20261225000403_spec_refresh_index',
  `
      create index if not exists specs_url_refresh_due on specs (coalesce(last_processed_at, created_at)) where source_url is not null;
    `,
);
