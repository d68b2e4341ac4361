import type { EventHandler } from '@dp/bus';
import { SitesEvents } from '@dp/events';
import { recordSitePublished } from '../../commands/record-site-published';

interface SitePublished {
  siteId: string;
  organizationId: string;
  title: string;
  visibility: string;
  siteSpaces: string[];
  publishedBy: string;
}

/**
 * Records a `site_published` integration event for each installation on the site's organization. They stay
 * `pending`: delivering events to the integration's endpoint comes in a later issue.
 */
export const onSitesSitePublished: EventHandler<SitePublished> = {
  type: SitesEvents.SITE_PUBLISHED,
  async handle(event, trx, log) {
    const recorded = await recordSitePublished(trx, event.id, event.data);
    log.info({ siteId: event.data.siteId, organizationId: event.data.organizationId, recorded }, 'integration events recorded for a published site');
  },
};
