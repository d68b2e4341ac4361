import type { Knex } from 'knex';
import { type ListParams } from '@dp/http';
import { paginate, type OrderKey, type Writable } from '@dp/db';
import type { SpaceCopyRow } from './space-copies';

export interface SiteSpaceRow {
  seq: string;
  id: string;
  site_id: string;
  space_id: string;
  /** Its section; null: at the site's root (only in a site without sections, docs/adr/0038). */
  section_id: string | null;
  path: string;
  /** Default of its section (of the site at the root). */
  is_default: boolean;
  condition: string | null;
  /** Among the site spaces of its section (docs/adr/0038). */
  position: number;
  created_by: string;
  /** The key a site's gitbook-docs.yaml gave it (docs/adr/0115); null when it was never synced. */
  git_sync_key?: string | null;
  created_at: Date;
}

/** A site space with the copy of the space it shows and the placement of its section (for its URL). */
export type SiteSpaceWithSpace = SiteSpaceRow & { space: SpaceCopyRow; section_path: string | null; section_is_default: boolean | null };

/**
 * Site spaces with the keys of structure order: their section's (see data/site-sections.ts; zero at the
 * root), then their own position; `seq` last, so the order is total.
 */
const inStructureOrder = (db: Knex) =>
  db('site_spaces')
    .leftJoin('site_sections', 'site_sections.id', 'site_spaces.section_id')
    .leftJoin('site_section_groups', 'site_section_groups.id', 'site_sections.section_group_id')
    .select(
      'site_spaces.*',
      db.raw('coalesce(site_section_groups.position, site_sections.position, 0) as root_position'),
      db.raw('(case when site_sections.section_group_id is null then 0 else 1 end)::double precision as in_group'),
      db.raw('(case when site_sections.section_group_id is null then 0 else site_sections.position end) as inner_position'),
      db.raw('coalesce(site_sections.seq, 0) as section_seq'),
    );

const SITE_SPACE_ORDER: readonly OrderKey[] = [
  { column: 'root_position', type: 'double precision' },
  { column: 'in_group', type: 'double precision' },
  { column: 'inner_position', type: 'double precision' },
  { column: 'section_seq', type: 'bigint' },
  { column: 'position', type: 'double precision' },
  { column: 'seq', type: 'bigint' },
];
const byStructureOrder = SITE_SPACE_ORDER.map((k) => ({ column: k.column }));

const withSpace = (db: Knex) =>
  inStructureOrder(db)
    .join('space_copies', 'space_copies.id', 'site_spaces.space_id')
    .select(db.raw('row_to_json(space_copies) as space'), 'site_sections.path as section_path', 'site_sections.is_default as section_is_default');

/** Site spaces of a site in structure order (by section, then position in it). */
export const siteSpacesOf = (db: Knex, siteId: string): Promise<SiteSpaceRow[]> =>
  inStructureOrder(db).where('site_spaces.site_id', siteId).orderBy(byStructureOrder);

/** Site spaces of one section (null: of the root) in order. */
export const siteSpacesIn = (db: Knex, siteId: string, sectionId: string | null): Promise<SiteSpaceRow[]> =>
  db<SiteSpaceRow>('site_spaces').where({ site_id: siteId, section_id: sectionId }).orderBy([{ column: 'position' }, { column: 'seq' }]);

/** Site spaces of these sections, with their spaces, in structure order (to present sections). */
export const siteSpacesOfSections = (db: Knex, siteId: string, sectionIds: string[]): Promise<SiteSpaceWithSpace[]> =>
  withSpace(db).where('site_spaces.site_id', siteId).whereIn('site_spaces.section_id', sectionIds).orderBy(byStructureOrder).then((rows) => rows.map(revive));

/** Every site space of a site, with its space, in structure order. */
export const siteSpacesWithSpaceOf = (db: Knex, siteId: string): Promise<SiteSpaceWithSpace[]> =>
  withSpace(db).where('site_spaces.site_id', siteId).orderBy(byStructureOrder).then((rows) => rows.map(revive));

export const findSiteSpace = (db: Knex, siteId: string, id: string): Promise<SiteSpaceWithSpace | undefined> =>
  withSpace(db).where({ 'site_spaces.site_id': siteId, 'site_spaces.id': id }).first().then(revive);

export const findSiteSpaceRow = (db: Knex, siteId: string, id: string): Promise<SiteSpaceRow | undefined> => db<SiteSpaceRow>('site_spaces').where({ site_id: siteId, id }).first();

export async function insertSiteSpace(db: Knex, row: Omit<SiteSpaceRow, 'seq' | 'created_at' | 'condition'>): Promise<SiteSpaceRow> {
  const [siteSpace] = await db<SiteSpaceRow>('site_spaces').insert(row).returning('*');
  return siteSpace;
}

export async function updateSiteSpace(db: Knex, id: string, patch: Writable<SiteSpaceRow>): Promise<void> {
  await db<SiteSpaceRow>('site_spaces').where({ id }).update(patch);
}

export const deleteSiteSpaceRow = (db: Knex, id: string) => db('site_spaces').where({ id }).delete();

/** Makes `id` the one default site space of its section (of the site's root when it has none). */
export async function setDefaultSiteSpace(db: Knex, siteId: string, id: string): Promise<void> {
  const sameSection = db('site_spaces').where({ site_id: siteId, id }).select(db.raw("coalesce(section_id, '')"));
  await db('site_spaces').where({ site_id: siteId, is_default: true }).whereNot({ id }).whereRaw("coalesce(section_id, '') = (?)", [sameSection]).update({ is_default: false });
  await db('site_spaces').where({ site_id: siteId, id }).update({ is_default: true });
}

/** The first section of a site takes every site space of the root (docs/adr/0038), keeping their order. */
export async function moveRootSiteSpacesInto(db: Knex, siteId: string, sectionId: string): Promise<Array<Pick<SiteSpaceRow, 'id' | 'space_id'>>> {
  return db('site_spaces').where({ site_id: siteId }).whereNull('section_id').update({ section_id: sectionId }).returning(['id', 'space_id']);
}


/** Site ids showing a space (not locked: the caller locks them). */
export async function sitesShowingSpace(db: Knex, spaceId: string): Promise<string[]> {
  const rows = await db('site_spaces').where({ space_id: spaceId }).distinct('site_id');
  return rows.map((r: { site_id: string }) => r.site_id);
}

export async function deleteSiteSpacesOfSpace(db: Knex, spaceId: string): Promise<Array<Pick<SiteSpaceRow, 'id' | 'site_id' | 'section_id' | 'space_id'>>> {
  return db('site_spaces').where({ space_id: spaceId }).delete().returning(['id', 'site_id', 'section_id', 'space_id']);
}

export function listSiteSpaces(db: Knex, siteId: string, params: ListParams & { default?: boolean }) {
  const query = withSpace(db).where('site_spaces.site_id', siteId);
  if (params.default !== undefined) query.where('site_spaces.is_default', params.default);
  // Wrapped: the keys are computed columns of the select.
  return paginate<SiteSpaceWithSpace>(db.from(query.as('ordered')), params, { keys: SITE_SPACE_ORDER }).then((page) => ({ ...page, items: page.items.map(revive) }));
}

/** row_to_json gives timestamps as strings: turn them back into dates like every other row. */
function revive<T extends SiteSpaceWithSpace | undefined>(row: T): T {
  if (!row) return row;
  const s = row.space;
  for (const k of ['created_at', 'updated_at', 'deleted_at', 'synced_at'] as const) {
    const value: unknown = s[k];
    if (typeof value === 'string') s[k] = new Date(value);
  }
  return row;
}

export interface PlacementRow {
  site_id: string;
  organization_id: string;
  proxy: string | null;
  published: boolean;
  visibility: string;
  site_created_at: Date;
  path: string;
  is_default: boolean;
  /** The site space's section, in a site with sections. */
  section_path: string | null;
  section_is_default: boolean | null;
  /** Set when the site has a share link with the presented key. */
  share_key: string | null;
  share_active: boolean | null;
}

/**
 * The published sites of these organizations that show the (live) space, oldest site first, each with its
 * share link holding `shareKey` when there is one.
 */
export function publishedPlacementsOfSpace(db: Knex, spaceId: string, organizationIds: string[], shareKey: string | undefined): Promise<PlacementRow[]> {
  const query = db('site_spaces')
    .join('sites', 'sites.id', 'site_spaces.site_id')
    .join('space_copies', 'space_copies.id', 'site_spaces.space_id')
    .leftJoin('site_sections', 'site_sections.id', 'site_spaces.section_id')
    .where('site_spaces.space_id', spaceId)
    .whereIn('sites.organization_id', organizationIds)
    .where('sites.published', true)
    .whereNull('space_copies.deleted_at')
    .orderBy('sites.seq')
    .select(
      'sites.id as site_id',
      'sites.organization_id',
      'sites.proxy',
      'sites.published',
      'sites.visibility',
      'sites.created_at as site_created_at',
      'site_spaces.path',
      'site_spaces.is_default',
      'site_sections.path as section_path',
      'site_sections.is_default as section_is_default',
    );
  if (shareKey === undefined) return query.select(db.raw('null as share_key'), db.raw('null as share_active'));
  return query
    .leftJoin('share_links', (on) => on.on('share_links.site_id', 'sites.id').andOnVal('share_links.key', shareKey))
    .select('share_links.key as share_key', 'share_links.active as share_active');
}
