import { defineHandler } from '@dp/bus';
import { SitesEvents } from '@dp/events';
import { unbindRemovedTarget } from '../../commands/follow-targets';

/** A deleted site leaves every installation bound to it, each told so (docs/adr/0043). */
export const onSitesSiteDeleted = defineHandler(SitesEvents.SITE_DELETED, async (event, trx, log) => {
  const unbound = await unbindRemovedTarget(trx, 'site', event.data.siteId);
  if (unbound) log.info({ siteId: event.data.siteId, installations: unbound }, 'deleted site unbound from its installations');
});
