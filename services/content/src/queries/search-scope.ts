import { roleIn, type Caller } from '@dp/auth';
import { notFound } from '@dp/http';
import type { Knex } from 'knex';
import type { SearchScope } from '../data/search-index';
import { grantedSpaceIdsIn, hiddenSpaceIdsIn } from '../data/content-permissions';
import { granteeOf } from '@dp/grants';

/** A guest's search covers at most this many of their spaces (the first granted ones). */
export const MAX_GUEST_SEARCH_SPACES = 1000;

/**
 * What GET ORG/search covers for the caller (docs/adr/0096, 0101): a member's search, every live space of the
 * organization but those a "no access" default level hides from them (unless granted); a guest's, the spaces
 * granted to them. Neither: the organization's 404.
 */
export async function organizationSearchScope(db: Knex, caller: Caller, organizationId: string): Promise<SearchScope> {
  const orgRole = roleIn(caller, organizationId);
  const who = granteeOf(caller);
  if (orgRole === 'admin' || (orgRole && !who)) return { organizationId };
  if (orgRole && who) return { organizationId, hiddenSpaceIds: await hiddenSpaceIdsIn(db, organizationId, who) };
  const spaceIds = who ? await grantedSpaceIdsIn(db, who, organizationId, MAX_GUEST_SEARCH_SPACES) : [];
  if (spaceIds.length === 0) throw notFound('Organization');
  return { spaceIds };
}
