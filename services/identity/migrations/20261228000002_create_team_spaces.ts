import { sqlMigration } from '@dp/db';

/**
 * The spaces granted to each team (docs/adr/0097): content owns the grants; identity keeps which spaces, from
 * content's events, to answer the official `OrganizationTeam.spaces` count. A deleted space is kept but not
 * counted until it is restored or purged; a deleted team takes its rows.
 */
export const createTeamSpaces = sqlMigration(
  '20261228000002_create_team_spaces',
  `
      create table if not exists team_spaces (
        team_id text not null references teams(id) on delete cascade,
        space_id text not null,
        space_deleted boolean not null default false,
        primary key (team_id, space_id)
      );
      create index if not exists team_spaces_space on team_spaces (space_id);
  `,
);
