import type { Knex } from 'knex';
import { lockInstallationsOfOrganization } from '../data/installations';
import { sitePublishedPayload } from '../domain/integration-events';
import { recordIntegrationEvent } from './record-integration-event';

/**
 * A site of an organization was published: every installation on that organization gets a `site_published`
 * event (payload eventId = the CloudEvent id), to be delivered to its integration once delivery exists.
 * Returns how many were recorded.
 */
export async function recordSitePublished(trx: Knex.Transaction, eventId: string, site: { siteId: string; organizationId: string }): Promise<number> {
  let recorded = 0;
  for (const installation of await lockInstallationsOfOrganization(trx, site.organizationId)) {
    const added = await recordIntegrationEvent(trx, {
      integrationId: installation.integration_id,
      installationId: installation.id,
      payload: sitePublishedPayload(eventId, installation.id, site.siteId),
      log: { message: 'recorded from sites.site.published' },
    });
    if (added) recorded++;
  }
  return recorded;
}
