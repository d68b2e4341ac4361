import type { Knex } from 'knex';
import { type ListParams } from '@dp/http';
import { paginate } from '@dp/db';
import type { SpaceCopyRow } from './space-copies';

export interface SiteSpaceRow {
  seq: string;
  id: string;
  site_id: string;
  space_id: string;
  path: string;
  is_default: boolean;
  created_by: string;
  created_at: Date;
}

/** A site space with the copy of the space it shows. */
export type SiteSpaceWithSpace = SiteSpaceRow & { space: SpaceCopyRow };

const withSpace = (db: Knex) =>
  db('site_spaces')
    .join('space_copies', 'space_copies.id', 'site_spaces.space_id')
    .select('site_spaces.*', db.raw('row_to_json(space_copies) as space'));

/** Site spaces of a site in the order they were added. */
export const siteSpacesOf = (db: Knex, siteId: string): Promise<SiteSpaceRow[]> =>
  db<SiteSpaceRow>('site_spaces').where({ site_id: siteId }).orderBy('seq');

export const findSiteSpace = (db: Knex, siteId: string, id: string): Promise<SiteSpaceWithSpace | undefined> =>
  withSpace(db).where({ 'site_spaces.site_id': siteId, 'site_spaces.id': id }).first().then(revive);

export async function insertSiteSpace(db: Knex, row: Omit<SiteSpaceRow, 'seq' | 'created_at'>): Promise<SiteSpaceRow> {
  const [siteSpace] = await db<SiteSpaceRow>('site_spaces').insert(row).returning('*');
  return siteSpace;
}

/** Makes `id` the one default site space of its site (the partial unique index allows one per site). */
export async function setDefaultSiteSpace(db: Knex, siteId: string, id: string): Promise<void> {
  await db('site_spaces').where({ site_id: siteId, is_default: true }).whereNot({ id }).update({ is_default: false });
  await db('site_spaces').where({ site_id: siteId, id }).update({ is_default: true });
}

/** Site ids showing a space (not locked: the caller locks them). */
export async function sitesShowingSpace(db: Knex, spaceId: string): Promise<string[]> {
  const rows = await db('site_spaces').where({ space_id: spaceId }).distinct('site_id');
  return rows.map((r: { site_id: string }) => r.site_id);
}

export async function deleteSiteSpacesOfSpace(db: Knex, spaceId: string): Promise<Array<Pick<SiteSpaceRow, 'id' | 'site_id'>>> {
  return db('site_spaces').where({ space_id: spaceId }).delete().returning(['id', 'site_id']);
}

export function listSiteSpaces(db: Knex, siteId: string, params: ListParams & { default?: boolean }) {
  const query = withSpace(db).where('site_spaces.site_id', siteId);
  if (params.default !== undefined) query.where('site_spaces.is_default', params.default);
  return paginate<SiteSpaceWithSpace>(query, params, { key: 'site_spaces.seq' }).then((page) => ({ ...page, items: page.items.map(revive) }));
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
  proxy: string | null;
  published: boolean;
  visibility: string;
  site_created_at: Date;
  path: string;
  is_default: boolean;
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
    .where('site_spaces.space_id', spaceId)
    .whereIn('sites.organization_id', organizationIds)
    .where('sites.published', true)
    .whereNull('space_copies.deleted_at')
    .orderBy('sites.seq')
    .select(
      'sites.id as site_id',
      'sites.proxy',
      'sites.published',
      'sites.visibility',
      'sites.created_at as site_created_at',
      'site_spaces.path',
      'site_spaces.is_default',
    );
  if (shareKey === undefined) return query.select(db.raw('null as share_key'), db.raw('null as share_active'));
  return query
    .leftJoin('share_links', (on) => on.on('share_links.site_id', 'sites.id').andOnVal('share_links.key', shareKey))
    .select('share_links.key as share_key', 'share_links.active as share_active');
}
