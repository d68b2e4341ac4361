import { authorizeRole, type Ability, type Caller, type Role } from '@dp/auth';
import { notFound } from '@dp/http';
import type { Knex } from 'knex';
import { findCollection, type CollectionRow } from '../data/collections';
import { collectionRoleOf } from './content-roles';

/**
 * Loads a collection and authorizes the caller on it with their role on it (./content-roles.ts): 404 when it does
 * not exist or they have no role on it, 403 when their role lacks `ability`.
 */
export async function loadAuthorizedCollection(db: Knex, caller: Caller, collectionId: string, ability: Ability): Promise<{ collection: CollectionRow; role: Role }> {
  const collection = await findCollection(db, collectionId);
  if (!collection) throw notFound('Collection');
  return { collection, role: await authorizeOnCollection(db, caller, collection, ability) };
}

/** Authorizes `ability` on a collection already loaded (or locked) with the caller's role on it. */
export async function authorizeOnCollection(db: Knex, caller: Caller, collection: CollectionRow, ability: Ability): Promise<Role> {
  return authorizeRole(await collectionRoleOf(db, caller, collection), ability, 'Collection');
}
