import type { Caller, Role } from '@dp/auth';
import { ContentEvents } from '@dp/events';
import { badRequest, notFound, type OnBehalfOf } from '@dp/http';
import { identityApi } from '../clients/identity';
import type { ContentContext } from '../context';
import { deleteUserPermission, updateUserPermission, upsertUserPermissions } from '../data/space-permissions';
import { loadAuthorizedSpace } from '../queries/load-space';

type Grant = Role | null;

/** The role a grant sets, or the 400 of a guest "role" (null), which a space grant cannot be. */
function grantedRoleOf(role: Grant, where: string): Role {
  if (role === null) throw badRequest(`${where}: a grant on a space needs a role`);
  return role;
}

/**
 * POST SPACE/permissions (official inviteToSpace, docs/adr/0096): grants `role` on the space to members (or guests)
 * of its organization, for an admin of the space. Users who are not in the organization are a 404, as the spec
 * says, and nothing is granted; teams are not served yet (a 400 that says so).
 */
export async function inviteToSpace(ctx: ContentContext, caller: Caller, on: OnBehalfOf, spaceId: string, body: { role: Grant; users?: string[]; teams?: string[] }): Promise<void> {
  if (body.teams) throw badRequest('body.teams: team grants on spaces are not served yet; grant users (docs/adr/0096)');
  const role = grantedRoleOf(body.role, 'body.role');
  const users = [...new Set(body.users ?? [])];
  const { space } = await loadAuthorizedSpace(ctx.db, caller, spaceId, 'admin');
  // Asked before the transaction: a slow identity holds no lock.
  const members = await identityApi(ctx.services.identity).members(space.organization_id, users, on);
  const stranger = users.find((id) => !members.has(id));
  if (stranger) throw notFound(`User ${stranger} in the space's organization`);
  await ctx.db.transaction(async (trx) => {
    await loadAuthorizedSpace(trx, caller, spaceId, 'admin');
    await upsertUserPermissions(trx, spaceId, users, role, caller.userId ?? 'staff');
    for (const userId of users) await ctx.emit(trx, ContentEvents.SPACE_PERMISSION_UPDATED, { spaceId, organizationId: space.organization_id, userId, role }, spaceId);
  });
  ctx.log.info({ spaceId, users: users.length, role }, 'space permissions granted');
}

/** PATCH SPACE/permissions/users/USER: changes a granted role; 404 when the user has none on the space. */
export async function updateSpaceUserPermission(ctx: ContentContext, caller: Caller, spaceId: string, userId: string, grant: Grant): Promise<void> {
  const role = grantedRoleOf(grant, 'body.role');
  await ctx.db.transaction(async (trx) => {
    const { space } = await loadAuthorizedSpace(trx, caller, spaceId, 'admin');
    if (!(await updateUserPermission(trx, spaceId, userId, role))) throw notFound(`User ${userId} in the space`);
    await ctx.emit(trx, ContentEvents.SPACE_PERMISSION_UPDATED, { spaceId, organizationId: space.organization_id, userId, role }, spaceId);
  });
}

/** DELETE SPACE/permissions/users/USER: true when a grant was removed (official 205), false when there was none (204). */
export async function removeSpaceUserPermission(ctx: ContentContext, caller: Caller, spaceId: string, userId: string): Promise<boolean> {
  return ctx.db.transaction(async (trx) => {
    const { space } = await loadAuthorizedSpace(trx, caller, spaceId, 'admin');
    if (!(await deleteUserPermission(trx, spaceId, userId))) return false;
    await ctx.emit(trx, ContentEvents.SPACE_PERMISSION_UPDATED, { spaceId, organizationId: space.organization_id, userId, role: null }, spaceId);
    return true;
  });
}
