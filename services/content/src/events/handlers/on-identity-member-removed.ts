import { defineHandler } from '@dp/bus';
import { IdentityEvents } from '@dp/events';
import { CONTENT_GRANTS } from '../../commands/content-grants';
import { collectionsOf, spacesOf } from '../../data/content-permissions';

/**
 * Someone who leaves an organization loses what was granted to them in it (docs/adr/0097): a guest's grants
 * would otherwise outlive their membership. Each removal is announced as a revocation would be.
 */
export const onIdentityMemberRemoved = defineHandler(IdentityEvents.MEMBER_REMOVED, async (event, trx, log, emit) => {
  const { userId, organizationId } = event.data;
  let removed = 0;
  for (const [grants, objects] of [[CONTENT_GRANTS.space, spacesOf(trx, organizationId)], [CONTENT_GRANTS.collection, collectionsOf(trx, organizationId)]] as const) {
    const ids = await grants.store.removeUserOn(trx, userId, objects);
    for (const id of ids) await grants.announce(emit, trx, id, organizationId, 'user', userId, null);
    removed += ids.length;
  }
  if (removed > 0) log.info({ userId, organizationId, grants: removed }, 'grants of a departed member removed');
});
