import type { Knex } from 'knex';
import type { Emit } from '@dp/bus';
import { SitesEvents, type SpaceSnapshot } from '@dp/events';
import type { Logger } from '@dp/log';
import { insertSpaceCopy, lockSpaceCopy, overwriteSpaceCopy, type SpaceCopyRow } from '../data/space-copies';
import { deleteSiteSpacesOfSpace, siteSpacesIn, sitesShowingSpace } from '../data/site-spaces';
import { findSection } from '../data/site-sections';
import { lockSitesById } from '../data/sites';
import { snapshotIsCurrent } from '../domain/site-rules';
import { keepSiteSpaceDefault, removeSection, siteSpaceEvent } from './site-structure';

/**
 * Keeps this context's copy of content's spaces. Lock order, everywhere: the space copy first, then sites;
 * adding a site space and handling a space event therefore serialise on the copy and never deadlock.
 */

/**
 * Brings the copy up to `snapshot` unless the copy is already newer, and returns it locked. With
 * `create: false` a space no site references is left alone (undefined is returned).
 */
export async function storeSpaceCopy(trx: Knex.Transaction, snapshot: SpaceSnapshot, opts: { create: boolean }): Promise<{ copy?: SpaceCopyRow; stale: boolean }> {
  let copy = await lockSpaceCopy(trx, snapshot.id);
  if (!copy) {
    if (!opts.create) return { stale: false };
    const inserted = await insertSpaceCopy(trx, snapshot);
    if (inserted) return { copy: inserted, stale: false };
    copy = (await lockSpaceCopy(trx, snapshot.id))!; // created meanwhile by a concurrent writer
  }
  if (!snapshotIsCurrent({ updatedAt: copy.updated_at, version: copy.snapshot_version }, snapshot)) return { copy, stale: true };
  return { copy: await overwriteSpaceCopy(trx, snapshot), stale: false };
}

/**
 * Removes a space from the site spaces of every site showing it (see docs/adr/0008), each removal announced:
 * a section (or root) that lost its default site space gets its first remaining one as default; a section
 * left without site spaces goes too, by the rules of a section delete (docs/adr/0038). Returns the affected
 * site ids.
 */
export async function removeSpaceFromSites(trx: Knex.Transaction, spaceId: string, emit: Emit): Promise<string[]> {
  const siteIds = await sitesShowingSpace(trx, spaceId);
  if (siteIds.length === 0) return [];
  const sites = await lockSitesById(trx, siteIds);
  const removed = await deleteSiteSpacesOfSpace(trx, spaceId);
  const affected = [...new Set(removed.map((r) => r.site_id))];
  for (const siteId of affected) {
    const site = sites.find((s) => s.id === siteId)!;
    const here = removed.filter((r) => r.site_id === siteId);
    for (const r of here) await emit(trx, SitesEvents.SITE_SPACE_DELETED, siteSpaceEvent(site, r), siteId);
    for (const sectionId of new Set(here.map((r) => r.section_id))) {
      const section = sectionId === null ? undefined : await findSection(trx, siteId, sectionId);
      if (section && (await siteSpacesIn(trx, siteId, section.id)).length === 0) await removeSection(trx, emit, site, section);
      else await keepSiteSpaceDefault(trx, emit, site, sectionId);
    }
    await emit(trx, SitesEvents.SITE_UPDATED, { siteId, organizationId: site.organization_id, title: site.title, visibility: site.visibility, changed: ['siteSpaces'] }, siteId);
  }
  return affected;
}

/**
 * Applies a content.space.* snapshot: refreshes the copy when it is current; a copy that is (now) deleted
 * leaves every site. `create` is true only for deletions: the copy then stays as a tombstone, so that a
 * site space added concurrently from an older read of content is refused instead of resurrecting it.
 */
export async function syncSpaceCopy(trx: Knex.Transaction, snapshot: SpaceSnapshot, log: Logger, emit: Emit, opts: { create: boolean }): Promise<void> {
  const { copy, stale } = await storeSpaceCopy(trx, snapshot, opts);
  if (!copy) {
    log.debug({ spaceId: snapshot.id }, 'space not shown by any site; nothing to refresh');
    return;
  }
  if (stale) log.info({ spaceId: snapshot.id, stored: { updatedAt: copy.updated_at, version: copy.snapshot_version }, incoming: { updatedAt: snapshot.updatedAt, version: snapshot.version } }, 'older space snapshot ignored');
  if (copy.deleted_at) {
    const sites = await removeSpaceFromSites(trx, copy.id, emit);
    if (sites.length) log.info({ spaceId: copy.id, sites }, 'deleted space removed from sites');
  }
}
