import { roleIn, type Caller } from '@dp/auth';
import { granteeOf, viewerIn } from '@dp/grants';
import { notFound, type ListParams } from '@dp/http';
import type { Knex } from 'knex';
import { listCollections } from '../data/collections';
import { collectionRolesOf } from './content-roles';

/**
 * GET ORG/collections for the caller (docs/adr/0096, 0101): a member sees every collection that no "no access"
 * default level hides from them, with their role on each (a grant may raise it); a guest only those granted to them or their teams (and what is under them). Someone
 * with neither gets the organization's 404.
 */
export async function listCollectionsForCaller(db: Knex, caller: Caller, organizationId: string, nested: boolean, params: ListParams) {
  const orgRole = roleIn(caller, organizationId);
  const who = granteeOf(caller);
  if (!orgRole && !who) throw notFound('Organization');
  const page = await listCollections(db, organizationId, nested, params, viewerIn(who, orgRole));
  if (!orgRole && page.count === 0) throw notFound('Organization');
  return { page, roleOf: await collectionRolesOf(db, caller, organizationId, page.items.map((c) => c.id)) };
}
