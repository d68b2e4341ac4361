import { roleIn, type Caller } from '@dp/auth';
import { notFound, type ListParams } from '@dp/http';
import type { ContentContext } from '../context';
import { listLiveSpaces } from '../data/spaces';
import { granteeOf, viewerIn } from '@dp/grants';
import { spaceRolesOf } from './content-roles';

/**
 * GET ORG/spaces for the caller (docs/adr/0096, 0101): a member sees every live space that no "no access" default
 * level hides from them, each with their role on it (a grant may raise it, and shows a hidden space); a guest
 * sees only the spaces granted to them or their teams. Someone with neither gets the
 * organization's 404.
 */
export async function listSpacesForCaller(ctx: ContentContext, caller: Caller, organizationId: string, params: ListParams) {
  const orgRole = roleIn(caller, organizationId);
  if (!orgRole && !caller.userId) throw notFound('Organization');
  const page = await listLiveSpaces(ctx.db, organizationId, params, viewerIn(granteeOf(caller), orgRole));
  if (!orgRole && page.count === 0) throw notFound('Organization');
  return { page, roleOf: await spaceRolesOf(ctx.db, caller, organizationId, page.items.map((s) => s.id)) };
}
