import { sqlMigration } from '@dp/db';

/**
 * Site spaces belong to a section (null: the site's root, for a site without sections), may carry a
 * condition, and are ordered within their section by `position` (existing ones keep the order they were
 * added in). A path, a space and the default are unique per section now, not per site: the new unique
 * indexes are built before the site-wide constraints are dropped, in the migration's one transaction, so
 * no moment exists without the rule. `coalesce(section_id, '')` makes the root one scope (nulls are distinct).
 */
export const addSectionsAndOrderToSiteSpaces = sqlMigration(
  '20261210000306_add_sections_and_order_to_site_spaces',
  `
      alter table site_spaces add column if not exists section_id text references site_sections(id) on delete cascade;
      alter table site_spaces add column if not exists condition text;
      alter table site_spaces add column if not exists position double precision;
      update site_spaces s set position = o.n * 1024
        from (select id, row_number() over (partition by site_id order by seq) as n from site_spaces) o
       where o.id = s.id and s.position is null;
      alter table site_spaces alter column position set not null;
      create index if not exists site_spaces_section on site_spaces (section_id) where section_id is not null;

      create unique index if not exists site_spaces_path_in_section on site_spaces (site_id, coalesce(section_id, ''), path);
      create unique index if not exists site_spaces_space_in_section on site_spaces (site_id, coalesce(section_id, ''), space_id);
      create unique index if not exists site_spaces_one_default_in_section on site_spaces (site_id, coalesce(section_id, '')) where is_default;
      alter table site_spaces drop constraint if exists site_spaces_site_id_path_key;
      alter table site_spaces drop constraint if exists site_spaces_site_id_space_id_key;
      drop index if exists site_spaces_one_default;
    `,
);
