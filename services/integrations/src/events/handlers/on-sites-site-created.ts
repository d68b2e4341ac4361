import { defineHandler } from '@dp/bus';
import { SitesEvents } from '@dp/events';
import { bindNewTarget } from '../../commands/follow-targets';

/** A new site: installations on its organization that take every site are bound to it (docs/adr/0043). */
export const onSitesSiteCreated = defineHandler(SitesEvents.SITE_CREATED, async (event, trx, log) => {
  const bound = await bindNewTarget(trx, 'site', event.data.organizationId, event.data.siteId);
  if (bound) log.info({ siteId: event.data.siteId, installations: bound }, 'new site bound to the installations that take every site');
});
