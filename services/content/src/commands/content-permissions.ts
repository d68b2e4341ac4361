import type { Caller, Role } from '@dp/auth';
import { ContentEvents } from '@dp/events';
import { badRequest, notFound, type OnBehalfOf } from '@dp/http';
import type { Knex } from 'knex';
import { identityApi } from '../clients/identity';
import type { ContentContext } from '../context';
import { deleteUserPermission, updateUserPermission, upsertUserPermissions } from '../data/content-permissions';
import { loadGrantTarget, type GrantOn } from '../queries/grant-target';

type Grant = Role | null;

/** Each grant change's event: who now has what on the object (role null: nothing). */
async function announce(ctx: ContentContext, trx: Knex.Transaction, on: GrantOn, organizationId: string, userId: string, role: Grant): Promise<void> {
  if (on.target === 'space') await ctx.emit(trx, ContentEvents.SPACE_PERMISSION_UPDATED, { spaceId: on.id, organizationId, userId, role }, on.id);
  else await ctx.emit(trx, ContentEvents.COLLECTION_PERMISSION_UPDATED, { collectionId: on.id, organizationId, userId, role }, on.id);
}

/** The role a grant sets, or the 400 of a guest "role" (null), which a grant cannot be. */
function grantedRoleOf(role: Grant): Role {
  if (role === null) throw badRequest('body.role: a grant needs a role');
  return role;
}

/**
 * POST SPACE/permissions and COLLECTION/permissions (official inviteToSpace, inviteToCollection; docs/adr/0096):
 * grants `role` to members (or guests) of the organization, for an admin of the object. Users who are not in the
 * organization are the spec's 404 and nothing is granted; teams are not served yet (a 400 that says so).
 */
export async function inviteTo(ctx: ContentContext, caller: Caller, behalf: OnBehalfOf, on: GrantOn, body: { role: Grant; users?: string[]; teams?: string[] }): Promise<void> {
  if (body.teams) throw badRequest('body.teams: team grants are not served yet; grant users (docs/adr/0096)');
  const role = grantedRoleOf(body.role);
  const users = [...new Set(body.users ?? [])];
  const { organizationId } = await loadGrantTarget(ctx.db, caller, on, 'admin');
  // Asked before the transaction: a slow identity holds no lock.
  const members = await identityApi(ctx.services.identity).members(organizationId, users, behalf);
  const stranger = users.find((id) => !members.has(id));
  if (stranger) throw notFound(`User ${stranger} in the ${on.target}'s organization`);
  await ctx.db.transaction(async (trx) => {
    await loadGrantTarget(trx, caller, on, 'admin');
    await upsertUserPermissions(trx, on.target, on.id, users, role, caller.userId ?? 'staff');
    for (const userId of users) await announce(ctx, trx, on, organizationId, userId, role);
  });
  ctx.log.info({ [`${on.target}Id`]: on.id, users: users.length, role }, `${on.target} permissions granted`);
}

/** PATCH .../permissions/users/USER: changes a granted role; 404 when the user has none there. */
export async function updateUserGrant(ctx: ContentContext, caller: Caller, on: GrantOn, userId: string, grant: Grant): Promise<void> {
  const role = grantedRoleOf(grant);
  await ctx.db.transaction(async (trx) => {
    const { organizationId } = await loadGrantTarget(trx, caller, on, 'admin');
    if (!(await updateUserPermission(trx, on.target, on.id, userId, role))) throw notFound(`User ${userId} in the ${on.target}`);
    await announce(ctx, trx, on, organizationId, userId, role);
  });
}

/** DELETE .../permissions/users/USER: true when a grant was removed (official 205), false when there was none (204). */
export async function removeUserGrant(ctx: ContentContext, caller: Caller, on: GrantOn, userId: string): Promise<boolean> {
  return ctx.db.transaction(async (trx) => {
    const { organizationId } = await loadGrantTarget(trx, caller, on, 'admin');
    if (!(await deleteUserPermission(trx, on.target, on.id, userId))) return false;
    await announce(ctx, trx, on, organizationId, userId, null);
    return true;
  });
}
