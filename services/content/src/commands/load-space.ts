import { authorize, type Ability, type Caller, type Role } from '@dp/auth';
import { notFound } from '@dp/http';
import type { Knex } from 'knex';
import { findSpace, lockSpace, type SpaceRow } from '../data/spaces';

/**
 * Loads a space and authorizes the caller on it: 404 when it does not exist or the caller is not a member
 * of its organization, 403 when their role lacks `ability`. Locks the row when given a transaction.
 */
export async function loadAuthorizedSpace(
  db: Knex,
  caller: Caller,
  spaceId: string,
  ability: Ability,
  opts: { includeDeleted?: boolean } = {},
): Promise<{ space: SpaceRow; role: Role }> {
  const space = db.isTransaction ? await lockSpace(db as Knex.Transaction, spaceId) : await findSpace(db, spaceId);
  if (!space || (space.deleted_at && !opts.includeDeleted)) throw notFound('Space');
  const role = authorize(caller, space.organization_id, ability, 'Space');
  return { space, role };
}
