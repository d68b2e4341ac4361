import type { Knex } from 'knex';
import type { Role } from '@dp/auth';
import { grantStore, heldBindings, type Grantee } from '@dp/grants';

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
