import type { EventHandler } from '@dp/bus';
import { IdentityEvents } from '@dp/events';
import { upsertOrganization } from '../../data/organizations';

interface OrganizationCreated {
  organizationId: string;
  title: string;
  createdBy: string;
}

/** Keeps the local copy of organizations (an integration's owner): created, with its title. */
export const onIdentityOrganizationCreated: EventHandler<OrganizationCreated> = {
  type: IdentityEvents.ORGANIZATION_CREATED,
  async handle(event, trx) {
    // The event is emitted in the transaction that creates the organization: its time is the creation time.
    await upsertOrganization(trx, { id: event.data.organizationId, title: event.data.title, created_at: event.time, title_at: event.time });
  },
};
