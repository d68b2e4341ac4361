import type { Knex } from 'knex';
import type { Role } from '@dp/auth';
import { paginate, type Page } from '@dp/db';
import type { ListParams } from '@dp/http';

/** What roles are granted on (docs/adr/0096): a space, or a collection (inherited by what is in it). */
export type GrantTarget = 'space' | 'collection';
/** Who roles are granted to: a user, or a team (each of its members; docs/adr/0097). */
export type GranteeKind = 'user' | 'team';
const TABLES = {
  space: { user: 'space_user_permissions', team: 'space_team_permissions', column: 'space_id' },
  collection: { user: 'collection_user_permissions', team: 'collection_team_permissions', column: 'collection_id' },
} as const;
const GRANTEE_COLUMN = { user: 'user_id', team: 'team_id' } as const;

/** A user as grants see them: themselves and the teams they are in. */
export interface Grantee {
  userId: string;
  teams: readonly string[];
}

export interface PermissionRow {
  seq: string;
  /** The user's or the team's id. */
  grantee_id: string;
  role: Role;
  granted_by: string;
  created_at: Date;
  updated_at: Date;
}

const tableOf = (target: GrantTarget, kind: GranteeKind) => TABLES[target][kind];
const where = (target: GrantTarget, kind: GranteeKind, id: string, granteeId?: string) => ({ [TABLES[target].column]: id, ...(granteeId ? { [GRANTEE_COLUMN[kind]]: granteeId } : {}) });

/** Grants (or changes) `role` to each user or team on the target. */
export async function upsertPermissions(trx: Knex.Transaction, target: GrantTarget, kind: GranteeKind, id: string, granteeIds: string[], role: Role, grantedBy: string): Promise<void> {
  if (granteeIds.length === 0) return;
  const column = TABLES[target].column;
  await trx(tableOf(target, kind))
    .insert(granteeIds.map((granteeId) => ({ [column]: id, [GRANTEE_COLUMN[kind]]: granteeId, role, granted_by: grantedBy })))
    .onConflict([column, GRANTEE_COLUMN[kind]])
    .merge({ role, updated_at: trx.fn.now() });
}

/** Changes a user's or a team's granted role; false when they had none. */
export async function updatePermission(trx: Knex.Transaction, target: GrantTarget, kind: GranteeKind, id: string, granteeId: string, role: Role): Promise<boolean> {
  return (await trx(tableOf(target, kind)).where(where(target, kind, id, granteeId)).update({ role, updated_at: trx.fn.now() })) > 0;
}

/** Removes a user's or a team's grant; false when they had none. */
export async function deletePermission(trx: Knex.Transaction, target: GrantTarget, kind: GranteeKind, id: string, granteeId: string): Promise<boolean> {
  return (await trx(tableOf(target, kind)).where(where(target, kind, id, granteeId)).delete()) > 0;
}

/** Removes a deleted team's grants everywhere; their targets, for the events. */
export async function deleteTeamPermissions(trx: Knex.Transaction, teamId: string): Promise<Array<{ target: GrantTarget; id: string }>> {
  const spaces = await trx(TABLES.space.team).where({ team_id: teamId }).delete().returning<Array<{ space_id: string }>>('space_id');
  const collections = await trx(TABLES.collection.team).where({ team_id: teamId }).delete().returning<Array<{ collection_id: string }>>('collection_id');
  return [...spaces.map((r) => ({ target: 'space' as const, id: r.space_id })), ...collections.map((r) => ({ target: 'collection' as const, id: r.collection_id }))];
}

/** Removes a user's grants on the spaces and collections of one organization (they left it); their targets, for the events. */
export async function deleteUserPermissionsIn(trx: Knex.Transaction, organizationId: string, userId: string): Promise<Array<{ target: GrantTarget; id: string }>> {
  const spaces = await trx(TABLES.space.user)
    .where({ user_id: userId })
    .whereIn('space_id', trx('spaces').where({ organization_id: organizationId }).select('id'))
    .delete()
    .returning<Array<{ space_id: string }>>('space_id');
  const collections = await trx(TABLES.collection.user)
    .where({ user_id: userId })
    .whereIn('collection_id', trx('collections').where({ organization_id: organizationId }).select('id'))
    .delete()
    .returning<Array<{ collection_id: string }>>('collection_id');
  return [...spaces.map((r) => ({ target: 'space' as const, id: r.space_id })), ...collections.map((r) => ({ target: 'collection' as const, id: r.collection_id }))];
}

export const listPermissions = (db: Knex, target: GrantTarget, kind: GranteeKind, id: string, params: ListParams): Promise<Page<PermissionRow>> =>
  paginate<PermissionRow>(db(tableOf(target, kind)).where(where(target, kind, id)).select('*', `${GRANTEE_COLUMN[kind]} as grantee_id`), params);

/** Collections at most this deep are walked up for inherited grants (deeper trees are not made by the API). */
const MAX_DEPTH = 100;

/** The grants a grantee holds, by themselves or through a team: on collections, and on spaces. */
const grantsSql = (target: GrantTarget) =>
  `select ${TABLES[target].column} as target_id, role from ${TABLES[target].user} where user_id = :userId
   union all
   select ${TABLES[target].column}, role from ${TABLES[target].team} where team_id = any(:teams)`;
const bindings = (who: Grantee, more: Record<string, unknown> = {}) => ({ userId: who.userId, teams: [...who.teams], ...more });

/**
 * The roles a user holds on each of some spaces by grant (theirs or their teams'): on the space itself, and on
 * every collection above it (inherited). Several per space; the caller keeps the highest.
 */
export async function grantsOnSpaces(db: Knex, who: Grantee, spaceIds: string[]): Promise<Array<{ id: string; role: Role }>> {
  if (spaceIds.length === 0) return [];
  const { rows } = await db.raw<{ rows: Array<{ id: string; role: Role }> }>(
    `with recursive chain(id, collection_id, depth) as (
       select id, parent_id, 0 from spaces where id = any(:spaceIds) and parent_id is not null
       union all
       select ch.id, c.parent_id, ch.depth + 1 from chain ch join collections c on c.id = ch.collection_id where c.parent_id is not null and ch.depth < ${MAX_DEPTH}
     ),
     on_collections as (${grantsSql('collection')}),
     on_spaces as (${grantsSql('space')})
     select ch.id, g.role from chain ch join on_collections g on g.target_id = ch.collection_id
     union all
     select target_id as id, role from on_spaces where target_id = any(:spaceIds)`,
    bindings(who, { spaceIds }),
  );
  return rows;
}

/** The roles a user holds on a collection by grant (theirs or their teams'): on it, and on every collection above it. */
export async function grantsOnCollection(db: Knex, who: Grantee, collectionId: string): Promise<Role[]> {
  const { rows } = await db.raw<{ rows: Array<{ role: Role }> }>(
    `with recursive up(id, depth) as (
       select :collectionId::text, 0
       union all
       select c.parent_id, up.depth + 1 from collections c join up on c.id = up.id where c.parent_id is not null and up.depth < ${MAX_DEPTH}
     ),
     on_collections as (${grantsSql('collection')})
     select g.role from up join on_collections g on g.target_id = up.id`,
    bindings(who, { collectionId }),
  );
  return rows.map((r) => r.role);
}

/** The spaces a user was granted, theirs or their teams', on them or on a collection above them (a guest's list). */
export function spacesGrantedTo(db: Knex, who: Grantee): Knex.QueryBuilder {
  return db
    .select('id')
    .from(
      db.raw(
        `(with recursive granted(id) as (
            select target_id from (${grantsSql('collection')}) on_collections
            union
            select c.id from collections c join granted g on c.parent_id = g.id
          )
          select id from spaces where parent_id in (select id from granted)
          union
          select target_id from (${grantsSql('space')}) on_spaces) as granted_spaces`,
        bindings(who),
      ),
    );
}

/** The live spaces of one organization a user was granted (on them or above them), at most `limit`: a guest's search scope. */
export async function grantedSpaceIdsIn(db: Knex, who: Grantee, organizationId: string, limit: number): Promise<string[]> {
  const rows: Array<{ id: string }> = await db('spaces').where({ organization_id: organizationId }).whereNull('deleted_at').whereIn('id', spacesGrantedTo(db, who)).orderBy('seq').limit(limit).select('id');
  return rows.map((r) => r.id);
}
