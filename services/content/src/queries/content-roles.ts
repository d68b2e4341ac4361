import { roleIn, type Caller, type Role } from '@dp/auth';
import type { Knex } from 'knex';
import { defaultRoleOf, granteeOf, raisedRoles, type Grantee } from '@dp/grants';
import { collectionDefaultCuts, grantsOnCollections, grantsOnSpaces, spaceDefaultCuts } from '../data/content-permissions';

/**
 * The caller's role on spaces and collections (docs/adr/0096, 0097, 0101): what they have there by default (their
 * organization role, or what the nearest default level that does not inherit gives organization members), raised
 * by a grant to them or to one of their teams on the object or on any collection above it. A guest of the
 * organization (no role) has only what is granted; an organization admin needs no lookup, nothing is higher.
 */
/** A user's role on each of some spaces, given their organization role (none: a guest), by space id. */
export async function userSpaceRoles(db: Knex, who: Grantee | undefined, orgRole: Role | undefined, spaceIds: string[]): Promise<(spaceId: string) => Role | undefined> {
  if (orgRole === 'admin' || !who) return () => orgRole;
  const [cuts, held] = await Promise.all([orgRole ? spaceDefaultCuts(db, spaceIds) : new Map(), grantsOnSpaces(db, who, spaceIds)]);
  return raisedRoles((id) => defaultRoleOf(orgRole, cuts.get(id), who.userId), held);
}

/** The caller's role on each of some spaces of one organization, by space id. */
export const spaceRolesOf = (db: Knex, caller: Caller, organizationId: string, spaceIds: string[]) => userSpaceRoles(db, granteeOf(caller), roleIn(caller, organizationId), spaceIds);

export async function spaceRoleOf(db: Knex, caller: Caller, space: { id: string; organization_id: string }): Promise<Role | undefined> {
  return (await spaceRolesOf(db, caller, space.organization_id, [space.id]))(space.id);
}

/** The caller's role on each of some collections of one organization, by collection id. */
export async function collectionRolesOf(db: Knex, caller: Caller, organizationId: string, collectionIds: string[]): Promise<(collectionId: string) => Role | undefined> {
  const orgRole = roleIn(caller, organizationId);
  const who = granteeOf(caller);
  if (orgRole === 'admin' || !who) return () => orgRole;
  const [cuts, held] = await Promise.all([orgRole ? collectionDefaultCuts(db, collectionIds) : new Map(), grantsOnCollections(db, who, collectionIds)]);
  return raisedRoles((id) => defaultRoleOf(orgRole, cuts.get(id), who.userId), held);
}

export async function collectionRoleOf(db: Knex, caller: Caller, collection: { id: string; organization_id: string }): Promise<Role | undefined> {
  return (await collectionRolesOf(db, caller, collection.organization_id, [collection.id]))(collection.id);
}
