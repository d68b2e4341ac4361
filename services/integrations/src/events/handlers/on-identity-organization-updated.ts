import type { EventHandler } from '@dp/bus';
import { IdentityEvents } from '@dp/events';
import { upsertOrganization } from '../../data/organizations';

interface OrganizationUpdated {
  organizationId: string;
  title: string;
  changed: string[];
}

/** Keeps the local copy's title current; an update older than what the copy holds changes nothing. */
export const onIdentityOrganizationUpdated: EventHandler<OrganizationUpdated> = {
  type: IdentityEvents.ORGANIZATION_UPDATED,
  async handle(event, trx) {
    await upsertOrganization(trx, { id: event.data.organizationId, title: event.data.title, created_at: null, title_at: event.time });
  },
};
