import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { Knex } from 'knex';
import type { Bus } from '@dp/bus';
import { inSnapshot } from '@dp/db';
import { ContentEvents, isCatalogEvent, type CloudEvent } from '@dp/events';
import type { Logger } from '@dp/log';
import { findSiteByHostname, findSiteById, findSiteByProxyOrigin, type SiteRow } from '../data/sites';
import type { SiteSpaceWithSpace } from '../data/site-spaces';
import { snapshotIsCurrent, type SnapshotStamp } from '../domain/site-rules';
import { loadSiteCustomizations, type SiteCustomizations } from '../queries/site-customizations';
import { loadSiteStructure, type SiteStructure } from '../queries/site-structure';
import { effectiveCustomization } from '../domain/customization-defaults';
import { brandingOf, type Branding, type ResolveTarget, type ShowsCondition } from './branding';
import type { JsonObject } from '../domain/customization';
import { layoutOf, spacesOf, type LiveSpace, type SiteLayout } from './site-layout';

/**
 * Sites as the publisher serves them (docs/adr/0040): row and layout, kept at most `ttlMs` (1 s), so an unpublished
 * or deleted site (or one whose spaces were deleted) is a 404 within a second whatever happens; events make it
 * sooner (`sites.*` drops its site, `content.space.*` the sites showing the space). The newest space snapshots heard
 * are served before the sites worker updates its copy. A load an eviction overtook is served but not kept. A
 * change to which pages translate which (`content.space-translations.updated`) changes the key of the sites
 * showing those spaces, so their pages are drawn again with their new hreflang links.
 */
export interface SiteView {
  site: SiteRow;
  layout: SiteLayout;
  /** The site's customization and its site spaces' overrides (docs/adr/0087). */
  customizations: SiteCustomizations;
  /** Identifies what pages of the site are rendered from besides their revision (title, structure): for caches. */
  key: string;
}

interface HeardSpace extends SnapshotStamp, LiveSpace {}

/** What the snapshot of a `content.space.*` event says about the space, when it carries one. */
function heardSpace(event: CloudEvent): { id: string; heard: HeardSpace } | undefined {
  const data: unknown = event.data;
  if (typeof data !== 'object' || data === null || !('space' in data)) return undefined;
  const space: unknown = data.space;
  if (typeof space !== 'object' || space === null || !('id' in space) || !('revision' in space) || !('updatedAt' in space)) return undefined;
  if (typeof space.id !== 'string' || typeof space.revision !== 'string' || typeof space.updatedAt !== 'string') return undefined;
  const version = 'version' in space && typeof space.version === 'number' ? space.version : undefined;
  const deleted = event.type === 'content.space.purged' || ('deletedAt' in space && typeof space.deletedAt === 'string');
  return { id: space.id, heard: { revisionId: space.revision, deleted, updatedAt: space.updatedAt, version } };
}

/**
 * What the kept site views may weigh in all (their JSON, twice over for objects): a site's structure and styling
 * are its tenant's, so a count of sites would bound nothing (issue 28).
 */
export const SITE_VIEWS_MAX_BYTES = 32 * 1024 * 1024;

export class SiteViews {
  private readonly views: LRUCache<string, { view?: SiteView; bytes: number }>;
  private readonly proxies: LRUCache<string, { siteId?: string }>;
  private readonly hostnames: LRUCache<string, { siteId?: string }>;
  private readonly heard = new LRUCache<string, HeardSpace>({ max: 10_000 });
  /** By space: the last change heard to its pages' other languages (an event id), part of the key of sites showing it. */
  private readonly translationsHeard = new LRUCache<string, string>({ max: 10_000 });
  private epoch = 0;

  /** Bumped by every event and every reset: what was derived from the views before is not to be trusted after. */
  get generation(): number {
    return this.epoch;
  }

  /** How long the view of `siteId` has left before it is read again (0: not cached). */
  remainingMs(siteId: string): number {
    return this.views.has(siteId) ? Math.max(0, this.views.getRemainingTTL(siteId)) : 0;
  }

  constructor(
    private readonly db: Knex,
    private readonly log: Logger,
    ttlMs = 1000,
    maxBytes = SITE_VIEWS_MAX_BYTES,
  ) {
    this.views = new LRUCache({ maxSize: maxBytes, sizeCalculation: (entry) => 512 + entry.bytes * 2, ttl: ttlMs });
    this.proxies = new LRUCache({ max: 2000, ttl: ttlMs });
    this.hostnames = new LRUCache({ max: 2000, ttl: ttlMs });
  }

  /** The site with this id in this organization, published or not (the caller decides); undefined: none. */
  async byId(organizationId: string, siteId: string): Promise<SiteView | undefined> {
    const view = await this.load(siteId);
    return view && view.site.organization_id === organizationId ? view : undefined;
  }

  /** The site whose proxy origin is one of `origins` (longest first), with the origin that matched. */
  byProxy(origins: string[]): Promise<SiteView | undefined> {
    return this.lookUp(this.proxies, origins.join(' '), () => findSiteByProxyOrigin(this.db, origins));
  }

  /** The site whose custom hostname is `host` (docs/adr/0091). */
  byHostname(host: string): Promise<SiteView | undefined> {
    return this.lookUp(this.hostnames, host, () => findSiteByHostname(this.db, host));
  }

  /** A site found by an address (`find`), the answer kept in `cache` unless an event overtook the read. */
  private async lookUp(cache: LRUCache<string, { siteId?: string }>, key: string, find: () => Promise<SiteRow | undefined>): Promise<SiteView | undefined> {
    let entry = cache.get(key);
    if (!entry) {
      const epoch = this.epoch;
      entry = { siteId: (await find())?.id };
      if (epoch === this.epoch) cache.set(key, entry);
    }
    return entry.siteId ? this.load(entry.siteId) : undefined;
  }

  private async load(siteId: string): Promise<SiteView | undefined> {
    const cached = this.views.get(siteId);
    if (cached) return cached.view;
    const epoch = this.epoch;
    // One snapshot (docs/adr/0053): a worker changes a site's sections, site spaces and default together.
    const read = await inSnapshot(this.db, async (db) => {
      const site = await findSiteById(db, siteId);
      if (!site) return undefined;
      const structure = await loadSiteStructure(db, site.id);
      const customizations = await loadSiteCustomizations(db, site.id);
      return { site, structure, customizations };
    });
    const drawn = read && this.viewOf(read.site, read.structure, read.customizations);
    if (epoch === this.epoch) this.views.set(siteId, drawn ?? { view: undefined, bytes: 0 });
    return drawn?.view;
  }

  /** A site as served: its layout, with each site space's space as it is now, and its key (see SiteView); `bytes`: the JSON the key is made of, what the view weighs. */
  private viewOf(site: SiteRow, structure: SiteStructure, customizations: SiteCustomizations): { view: SiteView; bytes: number } {
    const layout = layoutOf(site.title, structure, (row) => this.live(row));
    const drawnWith = [customizations.site?.settings ?? null, [...customizations.overrides]];
    const translations = spacesOf(layout).map((id) => this.translationsHeard.get(id) ?? '');
    const drawn = JSON.stringify([site.title, site.visibility, site.hostname, site.proxy, layout, drawnWith, translations]);
    return { view: { site, layout, customizations, key: createHash('sha1').update(drawn).digest('base64url') }, bytes: drawn.length };
  }

  /** The space of a site space as it is now: the copy, unless a newer snapshot was heard on the bus. */
  private live(row: SiteSpaceWithSpace): LiveSpace {
    const heard = this.heard.get(row.space_id);
    const copy = { updatedAt: row.space.updated_at, version: row.space.snapshot_version };
    if (heard && snapshotIsCurrent(copy, heard)) return heard;
    return { revisionId: row.space.revision_id, deleted: row.space.deleted_at !== null };
  }

  /** Applies an event heard on the bus (idempotent). */
  apply(event: CloudEvent): void {
    this.epoch++;
    if (event.type.startsWith('sites.')) {
      if (event.subject) this.views.delete(event.subject);
      this.proxies.clear();
      this.hostnames.clear();
      return;
    }
    if (isCatalogEvent(event, ContentEvents.SPACE_TRANSLATIONS_UPDATED)) {
      for (const id of event.data.spaceIds) this.translationsHeard.set(id, event.id);
      return this.dropSitesShowing(new Set(event.data.spaceIds));
    }
    const snapshot = heardSpace(event);
    if (!snapshot) return;
    const known = this.heard.get(snapshot.id);
    if (!known || snapshotIsCurrent(known, snapshot.heard)) this.heard.set(snapshot.id, snapshot.heard);
    this.dropSitesShowing(new Set([snapshot.id]));
    // A site whose every space was gone has an empty layout: a space coming back concerns it too.
    for (const [siteId, entry] of this.views.entries()) if (entry.view && entry.view.layout.items.length === 0) this.views.delete(siteId);
  }

  private dropSitesShowing(spaceIds: ReadonlySet<string>): void {
    for (const [siteId, entry] of this.views.entries()) {
      if (entry.view && spacesOf(entry.view.layout).some((id) => spaceIds.has(id))) this.views.delete(siteId);
    }
  }

  clear(): void {
    this.epoch++;
    this.views.clear();
    this.proxies.clear();
    this.hostnames.clear();
  }

  /** Hears `sites.*`, `content.space.*` and translation changes on a broadcast queue of this process; resolves once listening. */
  listen(bus: Bus): Promise<void> {
    return bus.broadcast({
      bindings: ['sites.#', 'content.space.*', ContentEvents.SPACE_TRANSLATIONS_UPDATED],
      handle: (event) => this.apply(event),
      onListening: (listening) => {
        this.log.info({ listening }, listening ? 'publisher hears site and space events' : 'publisher lost the bus: sites are re-read every second');
        this.clear();
      },
    });
  }
}

/** Effective settings by view and site space: a view never changes (a change loads a new one), so each is merged once. */
const settingsByView = new WeakMap<SiteView, Map<string, JsonObject>>();

/** The effective customization of the pages of `siteSpaceId` (none: the site's own), read on every page request. */
export function settingsIn(view: SiteView, siteSpaceId?: string): JsonObject {
  let bySiteSpace = settingsByView.get(view);
  if (!bySiteSpace) settingsByView.set(view, (bySiteSpace = new Map()));
  const key = siteSpaceId ?? '';
  let settings = bySiteSpace.get(key);
  if (!settings) {
    const { site, overrides } = view.customizations;
    settings = effectiveCustomization(view.site.title, site?.settings, siteSpaceId ? overrides.get(siteSpaceId) : undefined);
    bySiteSpace.set(key, settings);
  }
  return settings;
}

/** What the pages of `siteSpaceId` (none: the site's own frame, a 404) are drawn with; links to pages need `resolve`. */
export function brandingIn(view: SiteView, siteSpaceId?: string, resolve?: ResolveTarget, shows?: ShowsCondition): Branding {
  return brandingOf(settingsIn(view, siteSpaceId), view.site.title, resolve, shows);
}
