import { sqlMigration } from '@dp/db';

/**
 * Roles granted to teams on a space or a collection (docs/adr/0097): the same shape as the user grants. A team
 * lives in identity; content keeps its id only, and drops its grants when identity deletes it.
 */
export const createTeamPermissions = sqlMigration(
  '20261228000115_create_team_permissions',
  `
      create table if not exists space_team_permissions (
        seq bigserial,
        space_id text not null references spaces(id) on delete cascade,
        team_id text not null,
        role text not null,
        granted_by text not null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        primary key (space_id, team_id)
      );
      create index if not exists space_team_permissions_team on space_team_permissions (team_id);
      create unique index if not exists space_team_permissions_seq on space_team_permissions (seq);
      create table if not exists collection_team_permissions (
        seq bigserial,
        collection_id text not null references collections(id) on delete cascade,
        team_id text not null,
        role text not null,
        granted_by text not null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        primary key (collection_id, team_id)
      );
      create index if not exists collection_team_permissions_team on collection_team_permissions (team_id);
      create unique index if not exists collection_team_permissions_seq on collection_team_permissions (seq);
    `,
);
