import { sqlMigration } from '@dp/db';

/**
 * Share links of sites. `key` is the secret of a capability URL (`?share=<key>`): whoever holds it reaches a
 * `share-link` site while the link is active. A site's share links go with the site.
 */
export const createShareLinks = sqlMigration(
  '20261122000303_create_share_links',
  `
      create table if not exists share_links (
        seq bigint generated always as identity unique,
        id text primary key,
        site_id text not null references sites(id) on delete cascade,
        organization_id text not null,
        name text not null default '',
        key text not null unique,
        active boolean not null default true,
        created_by text not null,
        created_at timestamptz not null default now()
      );
      create index if not exists share_links_site on share_links (site_id, seq);
    `,
);
