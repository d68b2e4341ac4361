import { sqlMigration } from '@dp/db';

/**
 * Sites, their site spaces, and this context's own copy of the spaces they reference (kept current from
 * content.space.* events and refreshed from content whenever a space is added to a site).
 */
export const createSitesSiteSpacesAndSpaceCopies = sqlMigration(
  '20261122000301_create_sites_site_spaces_and_space_copies',
  `
      create table if not exists sites (
        seq bigint generated always as identity unique,
        id text primary key,
        organization_id text not null,
        type text not null default 'basic'
          check (type in ('basic','premium','ultimate','sponsored','legacy-basic','legacy-premium')),
        title text not null,
        visibility text not null default 'public' check (visibility in ('public','unlisted','share-link','visitor-auth')),
        basename text,
        proxy text,
        published boolean not null default false,
        published_at timestamptz,
        adaptive_content_enabled boolean not null default false,
        agents_context text not null default 'included' check (agents_context in ('excluded','included')),
        default_level text not null default 'inherit',
        created_by text not null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      create index if not exists sites_org on sites (organization_id, seq);
      create unique index if not exists sites_proxy_unique on sites (lower(proxy)) where proxy is not null;

      create table if not exists space_copies (
        id text primary key,
        organization_id text not null,
        title text not null default '',
        emoji text,
        visibility text not null,
        edit_mode text not null default 'live',
        parent_id text,
        default_level text not null default 'inherit',
        revision_id text not null,
        created_at timestamptz not null,
        updated_at timestamptz not null,
        deleted_at timestamptz,
        synced_at timestamptz not null default now()
      );

      create table if not exists site_spaces (
        seq bigint generated always as identity unique,
        id text primary key,
        site_id text not null references sites(id) on delete cascade,
        space_id text not null references space_copies(id) on delete cascade,
        path text not null,
        is_default boolean not null default false,
        created_by text not null,
        created_at timestamptz not null default now(),
        unique (site_id, space_id),
        unique (site_id, path)
      );
      create index if not exists site_spaces_site on site_spaces (site_id, seq);
      create index if not exists site_spaces_space on site_spaces (space_id);
      create unique index if not exists site_spaces_one_default on site_spaces (site_id) where is_default;
    `,
);
