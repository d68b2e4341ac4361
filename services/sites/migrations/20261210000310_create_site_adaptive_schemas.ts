import { sqlMigration } from '@dp/db';

/**
 * The adaptive schema of a site (PUT SITE/adaptive-schema), at most one per site, gone with the site. `json`,
 * not `jsonb`: the schema is kept as the client wrote it, its claims in their order (jsonb would sort the
 * keys), which is the order of the template conditions.
 */
export const createSiteAdaptiveSchemas = sqlMigration(
  '20261210000310_create_site_adaptive_schemas',
  `
      create table if not exists site_adaptive_schemas (
        site_id text primary key references sites(id) on delete cascade,
        json_schema json not null,
        updated_by text not null,
        updated_at timestamptz not null default now()
      );
    `,
);
