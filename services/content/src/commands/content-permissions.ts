import type { Caller, Role } from '@dp/auth';
import type { Emit } from '@dp/bus';
import { ContentEvents } from '@dp/events';
import { badRequest, notFound, type OnBehalfOf } from '@dp/http';
import type { Knex } from 'knex';
import { identityApi } from '../clients/identity';
import type { ContentContext } from '../context';
import { deletePermission, updatePermission, upsertPermissions, type GranteeKind } from '../data/content-permissions';
import { loadGrantTarget, type GrantOn } from '../queries/grant-target';

type Grant = Role | null;

/** Each grant change's event: who (a user or a team) now has what on the object (role null: nothing). */
export async function announceGrant(emit: Emit, trx: Knex.Transaction, on: GrantOn, organizationId: string, kind: GranteeKind, granteeId: string, role: Grant): Promise<void> {
  if (on.target === 'space') {
    if (kind === 'user') await emit(trx, ContentEvents.SPACE_PERMISSION_UPDATED, { spaceId: on.id, organizationId, userId: granteeId, role }, on.id);
    else await emit(trx, ContentEvents.SPACE_TEAM_PERMISSION_UPDATED, { spaceId: on.id, organizationId, teamId: granteeId, role }, on.id);
  } else if (kind === 'user') await emit(trx, ContentEvents.COLLECTION_PERMISSION_UPDATED, { collectionId: on.id, organizationId, userId: granteeId, role }, on.id);
  else await emit(trx, ContentEvents.COLLECTION_TEAM_PERMISSION_UPDATED, { collectionId: on.id, organizationId, teamId: granteeId, role }, on.id);
}

/** The role a grant sets, or the 400 of a guest "role" (null), which a grant cannot be. */
function grantedRoleOf(role: Grant): Role {
  if (role === null) throw badRequest('body.role: a grant needs a role');
  return role;
}

/**
 * POST SPACE/permissions and COLLECTION/permissions (official inviteToSpace, inviteToCollection; docs/adr/0096,
 * 0097): grants `role` to members (or guests) and teams of the organization, for an admin of the object. A user
 * who is not in the organization, or a team that is not its, is the spec's 404 and nothing is granted.
 */
export async function inviteTo(ctx: ContentContext, caller: Caller, behalf: OnBehalfOf, on: GrantOn, body: { role: Grant; users?: string[]; teams?: string[] }): Promise<void> {
  const role = grantedRoleOf(body.role);
  const users = [...new Set(body.users ?? [])];
  const teams = [...new Set(body.teams ?? [])];
  const { organizationId } = await loadGrantTarget(ctx.db, caller, on, 'admin');
  // Asked before the transaction: a slow identity holds no lock.
  const identity = identityApi(ctx.services.identity);
  const [members, orgTeams] = await Promise.all([identity.members(organizationId, users, behalf), identity.teams(organizationId, teams, behalf)]);
  const stranger = users.find((id) => !members.has(id));
  if (stranger) throw notFound(`User ${stranger} in the ${on.target}'s organization`);
  const foreignTeam = teams.find((id) => !orgTeams.has(id));
  if (foreignTeam) throw notFound(`Team ${foreignTeam} in the ${on.target}'s organization`);
  await ctx.db.transaction(async (trx) => {
    await loadGrantTarget(trx, caller, on, 'admin');
    const grantedBy = caller.userId ?? 'staff';
    await upsertPermissions(trx, on.target, 'user', on.id, users, role, grantedBy);
    await upsertPermissions(trx, on.target, 'team', on.id, teams, role, grantedBy);
    for (const userId of users) await announceGrant(ctx.emit, trx, on, organizationId, 'user', userId, role);
    for (const teamId of teams) await announceGrant(ctx.emit, trx, on, organizationId, 'team', teamId, role);
  });
  ctx.log.info({ [`${on.target}Id`]: on.id, users: users.length, teams: teams.length, role }, `${on.target} permissions granted`);
}

/** PATCH .../permissions/{users|teams}/ID: changes a granted role; 404 when the user or team has none there. */
export async function updateGrant(ctx: ContentContext, caller: Caller, on: GrantOn, kind: GranteeKind, granteeId: string, grant: Grant): Promise<void> {
  const role = grantedRoleOf(grant);
  await ctx.db.transaction(async (trx) => {
    const { organizationId } = await loadGrantTarget(trx, caller, on, 'admin');
    if (!(await updatePermission(trx, on.target, kind, on.id, granteeId, role))) throw notFound(`${kind === 'user' ? 'User' : 'Team'} ${granteeId} in the ${on.target}`);
    await announceGrant(ctx.emit, trx, on, organizationId, kind, granteeId, role);
  });
}

/** DELETE .../permissions/{users|teams}/ID: true when a grant was removed (official 205), false when there was none (204). */
export async function removeGrant(ctx: ContentContext, caller: Caller, on: GrantOn, kind: GranteeKind, granteeId: string): Promise<boolean> {
  return ctx.db.transaction(async (trx) => {
    const { organizationId } = await loadGrantTarget(trx, caller, on, 'admin');
    if (!(await deletePermission(trx, on.target, kind, on.id, granteeId))) return false;
    await announceGrant(ctx.emit, trx, on, organizationId, kind, granteeId, null);
    return true;
  });
}
