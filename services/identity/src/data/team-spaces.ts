import type { Knex } from 'knex';

/** The spaces granted to teams, as content's events tell them (docs/adr/0097): what `OrganizationTeam.spaces` counts. */

/** A team's grant on a space was made or changed; a team identity no longer has is skipped. */
export const addTeamSpace = (db: Knex, teamId: string, spaceId: string) =>
  db.raw(
    `insert into team_spaces (team_id, space_id) select id, :spaceId from teams where id = :teamId
     on conflict (team_id, space_id) do nothing`,
    { teamId, spaceId },
  );

export const removeTeamSpace = (db: Knex, teamId: string, spaceId: string) => db('team_spaces').where({ team_id: teamId, space_id: spaceId }).delete();

/** A space was deleted (restorable: not counted meanwhile), restored, or purged for good. */
export const markSpaceDeleted = (db: Knex, spaceId: string, deleted: boolean) => db('team_spaces').where({ space_id: spaceId }).update({ space_deleted: deleted });
export const forgetSpace = (db: Knex, spaceId: string) => db('team_spaces').where({ space_id: spaceId }).delete();

/** The count `OrganizationTeam.spaces` shows, as a column of a query on `teams as t`. */
export const teamSpacesCount = (db: Knex) => db.raw('(select count(*)::int from team_spaces ts where ts.team_id = t.id and not ts.space_deleted) as spaces');
