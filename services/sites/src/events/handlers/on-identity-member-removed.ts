import { defineHandler } from '@dp/bus';
import { IdentityEvents } from '@dp/events';
import { SITE_GRANTS } from '../../commands/site-grants';
import { sitesOf } from '../../data/site-permissions';

/** Someone who leaves an organization loses the site grants they held in it (docs/adr/0098), each removal announced. */
export const onIdentityMemberRemoved = defineHandler(IdentityEvents.MEMBER_REMOVED, async (event, trx, log, emit) => {
  const { userId, organizationId } = event.data;
  const ids = await SITE_GRANTS.store.removeUserOn(trx, userId, sitesOf(trx, organizationId));
  for (const id of ids) await SITE_GRANTS.announce(emit, trx, id, organizationId, 'user', userId, null);
  if (ids.length > 0) log.info({ userId, organizationId, grants: ids.length }, 'site grants of a departed member removed');
});
