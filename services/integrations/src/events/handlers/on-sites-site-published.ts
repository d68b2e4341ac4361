import { defineHandler } from '@dp/bus';
import { SitesEvents } from '@dp/events';
import { recordSitePublished } from '../../commands/record-site-published';

/**
 * Records a `site_published` integration event for each installation on the site's organization. They stay
 * `pending`: delivering events to the integration's endpoint comes in a later issue.
 */
export const onSitesSitePublished = defineHandler(SitesEvents.SITE_PUBLISHED, async (event, trx, log) => {
  const recorded = await recordSitePublished(trx, event.id, event.data);
  log.info({ siteId: event.data.siteId, organizationId: event.data.organizationId, recorded }, 'integration events recorded for a published site');
});
