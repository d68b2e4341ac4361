import { sqlMigration } from '@dp/db';

/**
 * Sections of a site and the groups that gather them (docs/adr/0038). Sections and groups at the root of a
 * site share one order, a section in a group is ordered among that group's sections: `position` is a
 * double, lowest first, decided under the site's row lock (new items go last, a move takes the midpoint of
 * its new neighbours, siblings are renumbered when no room is left). At most one default section per site;
 * a section path is unique in its site. A group's sections fall back to the root when it goes (the command
 * places them first; `set null` is only the safety net).
 */
export const createSiteSectionsAndSectionGroups = sqlMigration(
  '20261210000305_create_site_sections_and_section_groups',
  `
      create table if not exists site_section_groups (
        seq bigint generated always as identity unique,
        id text primary key,
        site_id text not null references sites(id) on delete cascade,
        title text not null,
        icon text,
        position double precision not null,
        created_by text not null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      create index if not exists site_section_groups_site on site_section_groups (site_id, position);

      create table if not exists site_sections (
        seq bigint generated always as identity unique,
        id text primary key,
        site_id text not null references sites(id) on delete cascade,
        section_group_id text references site_section_groups(id) on delete set null,
        title text not null,
        description text,
        icon text,
        path text not null,
        condition text,
        is_default boolean not null default false,
        position double precision not null,
        created_by text not null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        unique (site_id, path)
      );
      create index if not exists site_sections_site on site_sections (site_id, position);
      create index if not exists site_sections_group on site_sections (section_group_id) where section_group_id is not null;
      create unique index if not exists site_sections_one_default on site_sections (site_id) where is_default;
    `,
);
