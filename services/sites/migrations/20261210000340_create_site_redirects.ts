import { sqlMigration } from '@dp/db';

/**
 * A site's redirects (the official site-redirects operations, docs/adr/0088): a source path of the site (exact, or
 * a prefix ending in `*`), live or draft, and where it leads. `match_path` is the source decoded and without its
 * `*`: what the publisher compares a request's decoded path with. One live and one draft redirect per source.
 */
export const createSiteRedirects = sqlMigration(
  '20261210000340_create_site_redirects',
  `
      create table if not exists site_redirects (
        seq bigint generated always as identity unique,
        id text primary key,
        site_id text not null references sites(id) on delete cascade,
        source text not null,
        match_path text not null,
        wildcard boolean not null,
        draft boolean not null default false,
        capture_wildcard boolean not null default false,
        permanent boolean not null default false,
        destination jsonb not null,
        created_at timestamptz not null default now(),
        updated_at timestamptz,
        unique (site_id, source, draft)
      );
      create index if not exists site_redirects_match on site_redirects (site_id, match_path) where not draft;
      create index if not exists site_redirects_wildcards on site_redirects (site_id) where wildcard and not draft;
    `,
);
