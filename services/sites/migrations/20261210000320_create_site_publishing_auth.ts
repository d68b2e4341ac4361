import { sqlMigration } from '@dp/db';

/**
 * The publishing auth of a site (GET/PATCH SITE/publishing/auth, POST .../regenerate): the key that signs its
 * visitors' tokens and where a refused visitor is sent. At most one per site, gone with the site; the row is
 * made the first time the key is asked for (docs/adr/0041).
 */
export const createSitePublishingAuth = sqlMigration(
  '20261210000320_create_site_publishing_auth',
  `
      create table if not exists site_publishing_auth (
        site_id text primary key references sites(id) on delete cascade,
        backend text not null default 'custom',
        private_key text not null,
        fallback_url text,
        logout_url text,
        updated_at timestamptz not null default now()
      );
    `,
);
