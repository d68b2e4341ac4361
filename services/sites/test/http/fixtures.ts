import { newId } from '@dp/db';
import { isCatalogEvent, SitesEvents } from '@dp/events';
import type { Component } from '@dp/testing';
import type { Knex } from 'knex';

/**
 * A site space of the site, showing a space the sites service holds a copy of (as its worker would have made it);
 * the default one unless `position` places another after it.
 */
export async function insertSiteSpace(db: Knex, organizationId: string, siteId: string, position = 0): Promise<string> {
  const spaceId = newId();
  const id = newId();
  await db('space_copies').insert({ id: spaceId, organization_id: organizationId, title: 'Guide', visibility: 'in-collection', revision_id: newId(), created_at: new Date(), updated_at: new Date() });
  await db('site_spaces').insert({ id, site_id: siteId, space_id: spaceId, path: `guide-${id.toLowerCase()}`, is_default: position === 0, created_by: 'owner', section_id: null, position });
  return id;
}

/** The `changed` lists of the site.updated events about the site in the service's outbox, oldest first. */
export async function siteChanges(api: Pick<Component<unknown>, 'outbox'>, siteId: string): Promise<string[][]> {
  const events = await api.outbox(SitesEvents.SITE_UPDATED);
  return events.flatMap((e) => (isCatalogEvent(e, SitesEvents.SITE_UPDATED) && e.subject === siteId ? [e.data.changed] : []));
}
