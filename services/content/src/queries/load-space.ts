import { authorizeRole, type Ability, type Caller, type Role } from '@dp/auth';
import { notFound } from '@dp/http';
import type { Knex } from 'knex';
import type { SpaceCounts } from '@dp/events';
import { findSpace, findSpaceWithCounts, lockSpace, type SpaceRow } from '../data/spaces';
import { spaceRoleOf } from './content-roles';

/**
 * Loads a space and authorizes the caller on it with their role on the space (./content-roles.ts): 404 when it does not exist or
 * they have no role on it, 403 when their role lacks `ability`. In a transaction it locks the row: FOR UPDATE,
 * or FOR SHARE with `shared` (authoring on change requests, which must not block each other). Commands
 * always lock the space before a change request, so locks are taken in one order.
 */
export async function loadAuthorizedSpace(
  db: Knex,
  caller: Caller,
  spaceId: string,
  ability: Ability,
  opts: { includeDeleted?: boolean; shared?: boolean } = {},
): Promise<{ space: SpaceRow; role: Role }> {
  const space = db.isTransaction ? await lockSpace(db as Knex.Transaction, spaceId, opts.shared) : await findSpace(db, spaceId);
  if (!space || (space.deleted_at && !opts.includeDeleted)) throw notFound('Space');
  const role = authorizeRole(await spaceRoleOf(db, caller, space), ability, 'Space');
  return { space, role };
}

/** GET of a space (deleted ones included, while they can be restored): the space and its counters in one query, authorized as above. */
export async function loadViewableSpaceWithCounts(db: Knex, caller: Caller, spaceId: string): Promise<{ space: SpaceRow; counts: SpaceCounts; role: Role }> {
  const found = await findSpaceWithCounts(db, spaceId);
  if (!found) throw notFound('Space');
  return { ...found, role: authorizeRole(await spaceRoleOf(db, caller, found.space), 'view', 'Space') };
}
