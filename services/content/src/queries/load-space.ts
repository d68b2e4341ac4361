import { can, higherRole, roleIn, type Ability, type Caller, type Role } from '@dp/auth';
import { forbidden, notFound } from '@dp/http';
import type { Knex } from 'knex';
import type { SpaceCounts } from '@dp/events';
import { findSpace, findSpaceWithCounts, lockSpace, type SpaceRow } from '../data/spaces';
import { grantedRole } from '../data/space-permissions';

/**
 * The caller's role on a space (docs/adr/0096): the higher of their organization role and the role granted to
 * them on the space. A guest of the organization (no role) has only what is granted. An organization admin needs
 * no lookup: nothing is higher.
 */
export async function spaceRoleOf(db: Knex, caller: Caller, space: Pick<SpaceRow, 'id' | 'organization_id'>): Promise<Role | undefined> {
  const orgRole = roleIn(caller, space.organization_id);
  if (orgRole === 'admin' || !caller.userId) return orgRole;
  return higherRole(orgRole, await grantedRole(db, space.id, caller.userId));
}

/** 404 for a caller with no role on the space (they may not know it exists), 403 when theirs lacks `ability`. */
function authorizeOnSpace(role: Role | undefined, ability: Ability): Role {
  if (!role) throw notFound('Space');
  if (!can(role, ability)) throw forbidden(`Your role "${role}" does not allow this (needs "${ability}")`);
  return role;
}

/**
 * Loads a space and authorizes the caller on it with their role on the space: 404 when it does not exist or
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
  const role = authorizeOnSpace(await spaceRoleOf(db, caller, space), ability);
  return { space, role };
}

/** GET of a space (deleted ones included, while they can be restored): the space and its counters in one query, authorized as above. */
export async function loadViewableSpaceWithCounts(db: Knex, caller: Caller, spaceId: string): Promise<{ space: SpaceRow; counts: SpaceCounts; role: Role }> {
  const found = await findSpaceWithCounts(db, spaceId);
  if (!found) throw notFound('Space');
  return { ...found, role: authorizeOnSpace(await spaceRoleOf(db, caller, found.space), 'view') };
}
