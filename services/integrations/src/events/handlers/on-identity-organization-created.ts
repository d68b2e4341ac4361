import { defineHandler } from '@dp/bus';
import { IdentityEvents } from '@dp/events';
import { upsertOrganization } from '../../data/organizations';

/** Keeps the local copy of organizations (an integration's owner): created, with its title. */
export const onIdentityOrganizationCreated = defineHandler(IdentityEvents.ORGANIZATION_CREATED, async (event, trx) => {
  // The event is emitted in the transaction that creates the organization: its time is the creation time.
  await upsertOrganization(trx, { id: event.data.organizationId, title: event.data.title, created_at: event.time, title_at: event.time });
});
