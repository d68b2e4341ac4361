import { authorize, type Ability, type Caller, type Role } from '@dp/auth';
import { notFound } from '@dp/http';
import type { Knex } from 'knex';
import { findCollection, type CollectionRow } from '../data/collections';

/**
 * Loads a collection and authorizes the caller on it: 404 when it does not exist or the caller is not a
 * member of its organization, 403 when their role lacks `ability`.
 */
export async function loadAuthorizedCollection(db: Knex, caller: Caller, collectionId: string, ability: Ability): Promise<{ collection: CollectionRow; role: Role }> {
  const collection = await findCollection(db, collectionId);
  if (!collection) throw notFound('Collection');
  const role = authorize(caller, collection.organization_id, ability, 'Collection');
  return { collection, role };
}
