import { defineHandler } from '@dp/bus';
import { IdentityEvents } from '@dp/events';
import { storeOrganizationMergeRules } from '../../data/organization-merge-rules';

/** Keeps the organization's merge rules that spaces inheriting them obey (an event from before rules existed carries none). */
export const onIdentityOrganizationUpdated = defineHandler(IdentityEvents.ORGANIZATION_UPDATED, async (event, trx) => {
  if (event.data.mergeRules) await storeOrganizationMergeRules(trx, event.data.organizationId, event.data.mergeRules, event.time);
});
