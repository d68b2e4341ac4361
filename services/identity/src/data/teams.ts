import { teamSpacesCount } from './team-spaces';
import type { Knex } from 'knex';
import type { ListParams } from '@dp/http';
import { paginate, containsPattern } from '@dp/db';
import type { TeamRole } from '../domain/teams';

export interface TeamRow {
  seq: string;
  id: string;
  organization_id: string;
  title: string;
  created_at: Date;
  updated_at: Date;
}

/** A team with its member count, counted when read (never a stored counter, so it is true under concurrent changes). */
export type TeamWithCounts = TeamRow & { members: number; spaces: number };

const withCounts = (db: Knex) =>
  db('teams as t').select('t.*', db.raw('(select count(*)::int from team_members tm where tm.team_id = t.id) as members'), teamSpacesCount(db));

export const findTeam = (db: Knex, organizationId: string, teamId: string): Promise<TeamWithCounts | undefined> =>
  withCounts(db).where({ 't.organization_id': organizationId, 't.id': teamId }).first();

/** The teams of `organizationId` among `teamIds` (others are left out), in id order. */
export const findTeams = (db: Knex, organizationId: string, teamIds: string[]): Promise<TeamWithCounts[]> =>
  withCounts(db).where('t.organization_id', organizationId).whereIn('t.id', teamIds).orderBy('t.id');

/** Whether `teamId` is a team of `organizationId` (and locks it, inside a transaction, against a concurrent delete). */
export const lockTeam = (trx: Knex.Transaction, organizationId: string, teamId: string): Promise<TeamRow | undefined> =>
  trx<TeamRow>('teams').where({ organization_id: organizationId, id: teamId }).forShare().first();

export function listTeams(db: Knex, organizationId: string, params: ListParams & { owner?: string; title?: string }) {
  const query = withCounts(db).where('t.organization_id', organizationId);
  filterTitle(query, params.title);
  if (params.owner) {
    query.whereExists((q) => q.from('team_members as o').whereRaw('o.team_id = t.id').where({ 'o.user_id': params.owner, 'o.role': 'owner' }));
  }
  return paginate<TeamWithCounts>(query, params, { key: 't.seq' });
}

export async function insertTeam(db: Knex, row: { id: string; organization_id: string; title: string }): Promise<TeamRow> {
  const [team] = await db<TeamRow>('teams').insert(row).returning('*');
  return team;
}

export async function renameTeam(db: Knex, organizationId: string, teamId: string, title: string): Promise<TeamRow | undefined> {
  const [team] = await db<TeamRow>('teams').where({ organization_id: organizationId, id: teamId }).update({ title, updated_at: db.fn.now() }).returning('*');
  return team;
}

export async function deleteTeam(db: Knex, organizationId: string, teamId: string): Promise<boolean> {
  return (await db('teams').where({ organization_id: organizationId, id: teamId }).delete()) > 0;
}

/** The teams `userId` is in, each with their role in it (`GET ORG/members/{userId}/teams`). */
export function listTeamsOfMember(db: Knex, organizationId: string, userId: string, params: ListParams & { title?: string }) {
  const query = withCounts(db)
    .join('team_members as tm', 'tm.team_id', 't.id')
    .where({ 't.organization_id': organizationId, 'tm.user_id': userId })
    .select('tm.role as member_role');
  filterTitle(query, params.title);
  return paginate<TeamWithCounts & { member_role: TeamRole }>(query, params, { key: 't.seq' });
}

/** Case-insensitive substring of the title. */
function filterTitle(query: Knex.QueryBuilder, title: string | undefined): void {
  if (title) query.whereILike('t.title', containsPattern(title));
}
