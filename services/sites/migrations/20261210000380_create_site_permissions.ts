import { sqlMigration } from '@dp/db';

/** Roles granted to users and teams on a site (docs/adr/0098): the shape of content's grants (@dp/grants). */
export const createSitePermissions = sqlMigration(
  '20261210000380_create_site_permissions',
  `
      create table if not exists site_user_permissions (
        seq bigserial,
        site_id text not null references sites(id) on delete cascade,
        user_id text not null,
        role text not null,
        granted_by text not null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        primary key (site_id, user_id)
      );
      create index if not exists site_user_permissions_user on site_user_permissions (user_id);
      create unique index if not exists site_user_permissions_seq on site_user_permissions (seq);
      create table if not exists site_team_permissions (
        seq bigserial,
        site_id text not null references sites(id) on delete cascade,
        team_id text not null,
        role text not null,
        granted_by text not null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        primary key (site_id, team_id)
      );
      create index if not exists site_team_permissions_team on site_team_permissions (team_id);
      create unique index if not exists site_team_permissions_seq on site_team_permissions (seq);
    `,
);
