import { defineHandler } from '@dp/bus';
import { IdentityEvents } from '@dp/events';
import type { GrantObject } from './grant-commands';

/**
 * Grants follow their holders (docs/adr/0097): a context that grants roles on its objects consumes these two
 * identity events, so that a deleted team's grants, and those of a member who left the organization (a guest's
 * would otherwise outlive their membership), go, each removal announced as a revocation would be.
 */
export const onTeamDeleted = (objects: readonly GrantObject[]) =>
  defineHandler(IdentityEvents.TEAM_DELETED, async (event, trx, log, emit) => {
    const { teamId, organizationId } = event.data;
    let removed = 0;
    for (const object of objects) {
      const ids = await object.store.removeTeam(trx, teamId);
      for (const id of ids) await object.announce(emit, trx, id, organizationId, 'team', teamId, null);
      removed += ids.length;
    }
    if (removed > 0) log.info({ teamId, grants: removed }, 'grants of a deleted team removed');
  });

export const onMemberRemoved = (objects: readonly GrantObject[]) =>
  defineHandler(IdentityEvents.MEMBER_REMOVED, async (event, trx, log, emit) => {
    const { userId, organizationId } = event.data;
    let removed = 0;
    for (const object of objects) {
      const ids = await object.store.removeUserOn(trx, userId, object.inOrganization(trx, organizationId));
      for (const id of ids) await object.announce(emit, trx, id, organizationId, 'user', userId, null);
      removed += ids.length;
    }
    if (removed > 0) log.info({ userId, organizationId, grants: removed }, 'grants of a departed member removed');
  });
