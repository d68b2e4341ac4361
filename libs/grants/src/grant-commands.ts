import type { Ability, Caller, Role } from '@dp/auth';
import type { Emit } from '@dp/bus';
import { badRequest, notFound, type OnBehalfOf } from '@dp/http';
import type { Logger } from '@dp/log';
import type { Knex } from 'knex';
import type { IdentityDirectory } from './directory';
import type { GranteeKind } from './grantee';
import type { GrantStore, ObjectGrants } from './grant-store';
import type { AccessItem } from './directory';

type Grant = Role | null;

/** The object a grant operation is on: its id, and the organization its path names, if any. */
export interface GrantTargetRef {
  id: string;
  organizationId?: string;
}

/** One kind of object roles are granted on (docs/adr/0096, 0097): what it is, where its grants are, how it loads. */
export interface GrantObject {
  /** The object's noun in messages and logs: `space`, `collection`, `site`. */
  noun: string;
  store: GrantStore;
  /**
   * The object for the caller, authorized for `ability` with their role on it (locked in a transaction): its
   * organization. `pathOrganizationId`, when its path names one (a site's): an object of another is a 404.
   */
  load(db: Knex, caller: Caller, id: string, ability: Ability, pathOrganizationId?: string): Promise<{ organizationId: string }>;
  /** The ids of an organization's objects of this kind (a subquery): where a departing member's grants are. */
  inOrganization(db: Knex, organizationId: string): Knex.QueryBuilder;
  /** Every grant that reaches the object: its own and those it inherits (a space's from the collections above it). */
  grants(db: Knex, id: string): Promise<ObjectGrants>;
  /**
   * One item of the object's official aggregate list from identity's answer (who, their role, why); absent: the
   * UserContentPermission of spaces and collections, which says no why.
   */
  presentAccess?(item: AccessItem, id: string, organizationId: string): object;
  /** Each grant change's event: who now has what on the object (role null: nothing). */
  announce(emit: Emit, trx: Knex.Transaction, id: string, organizationId: string, kind: GranteeKind, granteeId: string, role: Grant): Promise<void>;
}

/** A kind of object as its context serves grants on it: with the context's database, events, log and identity. */
export interface GrantsOn extends GrantObject {
  db: Knex;
  emit: Emit;
  log: Logger;
  directory: IdentityDirectory;
}

/** The role a grant sets, or the 400 of a guest "role" (null), which a grant cannot be. */
function grantedRoleOf(role: Grant): Role {
  if (role === null) throw badRequest('body.role: a grant needs a role');
  return role;
}

/**
 * The official invite (POST .../permissions): grants `role` to users and teams of the organization, for an admin of
 * the object. A user who is not in the organization becomes its guest; an id that is no user, or a team that is
 * not the organization's, is the spec's 404 and nothing is granted.
 */
export async function invite(g: GrantsOn, caller: Caller, behalf: OnBehalfOf, { id, organizationId: inPath }: GrantTargetRef, body: { role: Grant; users?: string[]; teams?: string[] }): Promise<void> {
  const role = grantedRoleOf(body.role);
  const users = [...new Set(body.users ?? [])];
  const teams = [...new Set(body.teams ?? [])];
  const { organizationId } = await g.load(g.db, caller, id, 'admin', inPath);
  // Asked before the transaction: a slow identity holds no lock.
  const [members, orgTeams] = await Promise.all([g.directory.members(organizationId, users, behalf), g.directory.teams(organizationId, teams, behalf)]);
  const foreignTeam = teams.find((teamId) => !orgTeams.has(teamId));
  if (foreignTeam) throw notFound(`Team ${foreignTeam} in the ${g.noun}'s organization`);
  // Users not in the organization become its guests (docs/adr/0100); an id that is no user is the spec's 404.
  const strangers = users.filter((userId) => !members.has(userId));
  if (strangers.length) {
    const { unknown } = await g.directory.addGuests(organizationId, strangers, behalf);
    if (unknown.length) throw notFound(`User ${unknown[0]}`);
  }
  await g.db.transaction(async (trx) => {
    await g.load(trx, caller, id, 'admin', inPath);
    const grantedBy = caller.userId ?? 'staff';
    await g.store.upsert(trx, 'user', id, users, role, grantedBy);
    await g.store.upsert(trx, 'team', id, teams, role, grantedBy);
    for (const userId of users) await g.announce(g.emit, trx, id, organizationId, 'user', userId, role);
    for (const teamId of teams) await g.announce(g.emit, trx, id, organizationId, 'team', teamId, role);
  });
  g.log.info({ [`${g.noun}Id`]: id, users: users.length, teams: teams.length, role }, `${g.noun} permissions granted`);
}

/** PATCH .../permissions/{users|teams}/ID: changes a granted role; 404 when the user or team has none there. */
export async function updateGrant(g: GrantsOn, caller: Caller, { id, organizationId: inPath }: GrantTargetRef, kind: GranteeKind, granteeId: string, grant: Grant): Promise<void> {
  const role = grantedRoleOf(grant);
  await g.db.transaction(async (trx) => {
    const { organizationId } = await g.load(trx, caller, id, 'admin', inPath);
    if (!(await g.store.update(trx, kind, id, granteeId, role))) throw notFound(`${kind === 'user' ? 'User' : 'Team'} ${granteeId} in the ${g.noun}`);
    await g.announce(g.emit, trx, id, organizationId, kind, granteeId, role);
  });
}

/** DELETE .../permissions/{users|teams}/ID: true when a grant was removed (official 205), false when there was none (204). */
export async function removeGrant(g: GrantsOn, caller: Caller, { id, organizationId: inPath }: GrantTargetRef, kind: GranteeKind, granteeId: string): Promise<boolean> {
  return g.db.transaction(async (trx) => {
    const { organizationId } = await g.load(trx, caller, id, 'admin', inPath);
    if (!(await g.store.remove(trx, kind, id, granteeId))) return false;
    await g.announce(g.emit, trx, id, organizationId, kind, granteeId, null);
    return true;
  });
}
