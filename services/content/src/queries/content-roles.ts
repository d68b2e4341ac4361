import { higherRole, roleIn, type Caller, type Role } from '@dp/auth';
import type { Knex } from 'knex';
import { granteeOf, type Grantee } from '@dp/grants';
import { grantsOnCollection, grantsOnSpaces } from '../data/content-permissions';

/**
 * The caller's role on spaces and collections (docs/adr/0096, 0097): the highest of their organization role, a
 * grant to them or to one of their teams on the object, and such grants on every collection above it. A guest of the organization (no role) has only what is
 * granted; an organization admin needs no lookup, nothing is higher.
 */
const highest = (roles: Array<Role | undefined>) => roles.reduce<Role | undefined>((best, role) => higherRole(best, role), undefined);

/** A user's role on each of some spaces, given their organization role (none: a guest), by space id. */
export async function userSpaceRoles(db: Knex, who: Grantee | undefined, orgRole: Role | undefined, spaceIds: string[]): Promise<(spaceId: string) => Role | undefined> {
  if (orgRole === 'admin' || !who) return () => orgRole;
  const byId = new Map<string, Role | undefined>();
  for (const { id, role } of await grantsOnSpaces(db, who, spaceIds)) byId.set(id, higherRole(byId.get(id), role));
  return (spaceId) => higherRole(orgRole, byId.get(spaceId));
}

/** The caller's role on each of some spaces of one organization, by space id. */
export const spaceRolesOf = (db: Knex, caller: Caller, organizationId: string, spaceIds: string[]) => userSpaceRoles(db, granteeOf(caller), roleIn(caller, organizationId), spaceIds);

export async function spaceRoleOf(db: Knex, caller: Caller, space: { id: string; organization_id: string }): Promise<Role | undefined> {
  return (await spaceRolesOf(db, caller, space.organization_id, [space.id]))(space.id);
}

export async function collectionRoleOf(db: Knex, caller: Caller, collection: { id: string; organization_id: string }): Promise<Role | undefined> {
  const orgRole = roleIn(caller, collection.organization_id);
  const who = granteeOf(caller);
  if (orgRole === 'admin' || !who) return orgRole;
  return highest([orgRole, ...(await grantsOnCollection(db, who, collection.id))]);
}
