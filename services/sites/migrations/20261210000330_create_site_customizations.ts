import { sqlMigration } from '@dp/db';

/**
 * A site's customization (PUT SITE/customization: the whole official settings as written, over the defaults) and
 * each site space's overrides of it (PATCH SITE/site-spaces/ID/customization), both gone with their owner
 * (docs/adr/0087).
 */
export const createSiteCustomizations = sqlMigration(
  '20261210000330_create_site_customizations',
  `
      create table if not exists site_customizations (
        site_id text primary key references sites(id) on delete cascade,
        settings jsonb not null,
        updated_at timestamptz not null default now()
      );
      create table if not exists site_space_customizations (
        site_space_id text primary key references site_spaces(id) on delete cascade,
        site_id text not null references sites(id) on delete cascade,
        overrides jsonb not null,
        updated_at timestamptz not null default now()
      );
      create index if not exists site_space_customizations_site on site_space_customizations (site_id);
    `,
);
