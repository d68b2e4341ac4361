import { roleIn, type Caller } from '@dp/auth';
import { granteeOf, viewerIn } from '@dp/grants';
import { notFound, type ListParams } from '@dp/http';
import type { Knex } from 'knex';
import { listSites, type SiteFilters } from '../data/sites';
import { siteRolesOf } from './site-roles';

/**
 * GET ORG/sites for the caller (docs/adr/0098, 0101): a member sees every site that a "no access" default level
 * does not hide from them, with their role on each (a grant may raise it); a guest only the sites granted to them or their teams. Someone with neither gets the organization's 404.
 */
export async function listSitesForCaller(db: Knex, caller: Caller, organizationId: string, params: ListParams & SiteFilters) {
  const orgRole = roleIn(caller, organizationId);
  const who = granteeOf(caller);
  if (!orgRole && !who) throw notFound('Organization');
  const page = await listSites(db, organizationId, params, viewerIn(who, orgRole));
  if (!orgRole && page.count === 0) throw notFound('Organization');
  return { page, roleOf: await siteRolesOf(db, caller, organizationId, page.items.map((s) => s.id)) };
}
