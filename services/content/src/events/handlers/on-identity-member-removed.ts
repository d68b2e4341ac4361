import { defineHandler } from '@dp/bus';
import { IdentityEvents } from '@dp/events';
import { announceGrant } from '../../commands/content-permissions';
import { deleteUserPermissionsIn } from '../../data/content-permissions';

/**
 * Someone who leaves an organization loses what was granted to them in it (docs/adr/0097): a guest's grants
 * would otherwise outlive their membership. Each removal is announced as a revocation would be.
 */
export const onIdentityMemberRemoved = defineHandler(IdentityEvents.MEMBER_REMOVED, async (event, trx, log, emit) => {
  const { userId, organizationId } = event.data;
  const removed = await deleteUserPermissionsIn(trx, organizationId, userId);
  for (const on of removed) await announceGrant(emit, trx, on, organizationId, 'user', userId, null);
  if (removed.length > 0) log.info({ userId, organizationId, grants: removed.length }, 'grants of a departed member removed');
});
