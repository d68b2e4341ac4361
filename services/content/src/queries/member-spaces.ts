import { authorize, isRole, type Caller } from '@dp/auth';
import { notFound, type ListParams, type OnBehalfOf } from '@dp/http';
import { identityApi } from '../clients/identity';
import type { ContentContext } from '../context';
import { listLiveSpaces } from '../data/spaces';
import { viewerIn } from '@dp/grants';
import { spaceRolesOf, userSpaceRoles } from './content-roles';

/**
 * GET ORG/members/USER/spaces (official listSpacesForOrganizationMember, docs/adr/0096): every live space the member
 * may see with their role on it (their organization role raised by grants to them or their teams; a guest's granted spaces only), for a
 * member of the organization. The Space objects show the caller's own abilities, as every Space does.
 */
export async function listMemberSpaces(ctx: ContentContext, caller: Caller, on: OnBehalfOf, organizationId: string, userId: string, params: ListParams & { order?: 'asc' | 'desc' }) {
  authorize(caller, organizationId, 'view', 'Organization');
  const identity = identityApi(ctx);
  const [members, teams] = await Promise.all([identity.members(organizationId, [userId], on), identity.memberTeams(organizationId, userId, on)]);
  const member = members.get(userId);
  if (!member || !teams) throw notFound('Member');
  const memberRole = isRole(member.role) ? member.role : undefined;
  const who = { userId, teams };
  const page = await listLiveSpaces(ctx.db, organizationId, params, viewerIn(who, memberRole), params.order ?? 'desc');
  const ids = page.items.map((s) => s.id);
  const [theirs, callers] = await Promise.all([userSpaceRoles(ctx.db, who, memberRole, ids), spaceRolesOf(ctx.db, caller, organizationId, ids)]);
  return { page, permissionOf: theirs, callerRoleOf: callers };
}
