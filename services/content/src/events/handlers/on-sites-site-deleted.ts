import { defineHandler } from '@dp/bus';
import { SitesEvents } from '@dp/events';
import { dropInstallation } from '../../commands/git-installations';
import { siteInstallationOf } from '../../data/git-sync-installations';

/** A deleted site's Git Sync installation goes with it (docs/adr/0115): its spaces stay and sync with nothing. */
export const onSitesSiteDeleted = defineHandler(SitesEvents.SITE_DELETED, async (event, trx, log) => {
  const installation = await siteInstallationOf(trx, event.data.siteId);
  if (!installation || installation.organization_id !== event.data.organizationId) return;
  await dropInstallation(trx, installation);
  log.info({ siteId: event.data.siteId, installationId: installation.id }, "a deleted site's Git Sync installation was removed");
});
