import type { Knex } from 'knex';
import type { Role } from '@dp/auth';
import { cutOf, grantStore, heldBindings, type DefaultCut, type Grantee, type Viewer } from '@dp/grants';

/** Roles granted on spaces, and on collections (inherited by what is in them): docs/adr/0096, 0097. */
export const spaceGrants = grantStore({ user: 'space_user_permissions', team: 'space_team_permissions', column: 'space_id' });
export const collectionGrants = grantStore({ user: 'collection_user_permissions', team: 'collection_team_permissions', column: 'collection_id' });

/** Collections at most this deep are walked up for inherited grants (deeper trees are not made by the API). */
const MAX_DEPTH = 100;

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
     on_collections as (${collectionGrants.heldSql}),
     on_spaces as (${spaceGrants.heldSql})
     select ch.id, g.role from chain ch join on_collections g on g.target_id = ch.collection_id
     union all
     select target_id as id, role from on_spaces where target_id = any(:spaceIds)`,
    { ...heldBindings(who), spaceIds },
  );
  return rows;
}

/** The roles a user holds on each of some collections by grant (theirs or their teams'): on it, and on every collection above it. */
export async function grantsOnCollections(db: Knex, who: Grantee, collectionIds: string[]): Promise<Array<{ id: string; role: Role }>> {
  if (collectionIds.length === 0) return [];
  const { rows } = await db.raw<{ rows: Array<{ id: string; role: Role }> }>(
    `with recursive up(start, id, depth) as (
       select id, id, 0 from collections where id = any(:collectionIds)
       union all
       select up.start, c.parent_id, up.depth + 1 from collections c join up on c.id = up.id where c.parent_id is not null and up.depth < ${MAX_DEPTH}
     ),
     on_collections as (${collectionGrants.heldSql})
     select up.start as id, g.role from up join on_collections g on g.target_id = up.id`,
    { ...heldBindings(who), collectionIds },
  );
  return rows;
}

/** The collections a user was granted, theirs or their teams', on them or on a collection above them (a guest's list). */
export function collectionsGrantedTo(db: Knex, who: Grantee): Knex.QueryBuilder {
  return db.select('id').from(
    db.raw(
      `(with recursive granted(id) as (
          select target_id from (${collectionGrants.heldSql}) on_collections
          union
          select c.id from collections c join granted g on c.parent_id = g.id
        ) select id from granted) as granted_collections`,
      heldBindings(who),
    ),
  );
}

/** A collection and every collection above it (nearest first): where a grant reaching it may be. */
export async function collectionChain(db: Knex, collectionId: string): Promise<string[]> {
  const { rows } = await db.raw<{ rows: Array<{ id: string }> }>(
    `with recursive up(id, depth) as (
       select :collectionId::text, 0
       union all
       select c.parent_id, up.depth + 1 from collections c join up on c.id = up.id where c.parent_id is not null and up.depth < ${MAX_DEPTH}
     )
     select id from up order by depth`,
    { collectionId },
  );
  return rows.map((r) => r.id);
}

/** The spaces a user was granted, theirs or their teams', on them or on a collection above them (a guest's list). */
export function spacesGrantedTo(db: Knex, who: Grantee): Knex.QueryBuilder {
  return db
    .select('id')
    .from(
      db.raw(
        `(with recursive granted(id) as (
            select target_id from (${collectionGrants.heldSql}) on_collections
            union
            select c.id from collections c join granted g on c.parent_id = g.id
          )
          select id from spaces where parent_id in (select id from granted)
          union
          select target_id from (${spaceGrants.heldSql}) on_spaces) as granted_spaces`,
        heldBindings(who),
      ),
    );
}

/** The live spaces of one organization a user was granted (on them or above them), at most `limit`: a guest's search scope. */
export async function grantedSpaceIdsIn(db: Knex, who: Grantee, organizationId: string, limit: number): Promise<string[]> {
  const rows: Array<{ id: string }> = await db('spaces').where({ organization_id: organizationId }).whereNull('deleted_at').whereIn('id', spacesGrantedTo(db, who)).orderBy('seq').limit(limit).select('id');
  return rows.map((r) => r.id);
}

/**
 * Walks up from spaces (or collections) through the collections above them until a default level that does not
 * inherit (docs/adr/0101): `start`, and on its last row the level that decides and who created that object.
 */
const walkUp = (from: 'spaces' | 'collections', where: string) => `with recursive up(start, level, created_by, parent, depth) as (
    select id, default_level, created_by, parent_id, 0 from ${from} where ${where}
    union all
    select up.start, c.default_level, c.created_by, c.parent_id, up.depth + 1 from up join collections c on c.id = up.parent
    where up.level = 'inherit' and up.depth < ${MAX_DEPTH}
  )`;

/** The default level that decides on each of some spaces or collections, where one does (none: they inherit the organization role). */
async function defaultCuts(db: Knex, from: 'spaces' | 'collections', ids: string[]): Promise<Map<string, DefaultCut>> {
  const cuts = new Map<string, DefaultCut>();
  if (ids.length === 0) return cuts;
  const { rows } = await db.raw<{ rows: Array<{ start: string; level: string | null; created_by: string }> }>(
    `${walkUp(from, 'id = any(:ids)')} select start, level, created_by from up where level is distinct from 'inherit'`,
    { ids },
  );
  for (const row of rows) {
    const cut = cutOf(row.level, row.created_by);
    if (cut) cuts.set(row.start, cut);
  }
  return cuts;
}

export const spaceDefaultCuts = (db: Knex, spaceIds: string[]) => defaultCuts(db, 'spaces', spaceIds);
export const collectionDefaultCuts = (db: Knex, collectionIds: string[]) => defaultCuts(db, 'collections', collectionIds);

/**
 * The spaces (or collections) of an organization that a "no access" default level hides from a member who did
 * not create the object that says so (docs/adr/0101): a subquery of ids. Grants still reach them.
 */
function hiddenByDefault(db: Knex, from: 'spaces' | 'collections', organizationId: string, userId: string): Knex.QueryBuilder {
  const live = from === 'spaces' ? ' and deleted_at is null' : '';
  return db.select('id').from(
    db.raw(`(${walkUp(from, `organization_id = :organizationId${live}`)} select start as id from up where level is null and created_by <> :userId) as hidden`, {
      organizationId,
      userId,
    }),
  );
}

/** The live spaces of an organization hidden from a member: hidden by a default level, and not granted to them (their search's exceptions). */
export async function hiddenSpaceIdsIn(db: Knex, organizationId: string, who: Grantee): Promise<string[]> {
  const rows: Array<{ id: string }> = await db.select('id').from(hiddenByDefault(db, 'spaces', organizationId, who.userId).as('h')).whereNotIn('id', spacesGrantedTo(db, who));
  return rows.map((r) => r.id);
}

/** Narrows a query of spaces (or collections) of one organization to those a viewer may see; no viewer: an admin, all. */
export function visibleTo(db: Knex, from: 'spaces' | 'collections', organizationId: string, viewer: Viewer | undefined): (query: Knex.QueryBuilder) => void {
  return (query) => {
    if (!viewer) return;
    const granted = from === 'spaces' ? spacesGrantedTo(db, viewer.who) : collectionsGrantedTo(db, viewer.who);
    if (!viewer.member) query.whereIn('id', granted);
    else query.where((q) => q.whereNotIn('id', hiddenByDefault(db, from, organizationId, viewer.who.userId)).orWhereIn('id', granted));
  };
}
