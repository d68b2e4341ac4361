import { roleIn, type Caller, type Role } from '@dp/auth';
import { granteeOf, raisedRoles } from '@dp/grants';
import type { Knex } from 'knex';
import { siteGrants } from '../data/site-permissions';

/**
 * The caller's role on sites (docs/adr/0098): the highest of their organization role and what is granted to them
 * or their teams on the site. A guest (no organization role) has only what is granted; an admin needs no lookup.
 */
export async function siteRolesOf(db: Knex, caller: Caller, organizationId: string, siteIds: string[]): Promise<(siteId: string) => Role | undefined> {
  const orgRole = roleIn(caller, organizationId);
  const who = granteeOf(caller);
  if (orgRole === 'admin' || !who) return () => orgRole;
  return raisedRoles(orgRole, await siteGrants.heldOn(db, who, siteIds));
}

export async function siteRoleOf(db: Knex, caller: Caller, site: { id: string; organization_id: string }): Promise<Role | undefined> {
  return (await siteRolesOf(db, caller, site.organization_id, [site.id]))(site.id);
}
