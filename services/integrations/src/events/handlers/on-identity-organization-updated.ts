import { defineHandler } from '@dp/bus';
import { IdentityEvents } from '@dp/events';
import { upsertOrganization } from '../../data/organizations';

/** Keeps the local copy's title and merge rules current; an update older than what the copy holds changes nothing. */
export const onIdentityOrganizationUpdated = defineHandler(IdentityEvents.ORGANIZATION_UPDATED, async (event, trx) => {
  await upsertOrganization(trx, { id: event.data.organizationId, title: event.data.title, merge_rules: event.data.mergeRules, created_at: null, title_at: event.time });
});
