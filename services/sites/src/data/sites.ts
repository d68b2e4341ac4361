import type { Knex } from 'knex';
import { type ListParams } from '@dp/http';
import { paginate, type Writable, containsPattern } from '@dp/db';
import { cutOf, type DefaultCut, type Viewer } from '@dp/grants';
import { sitesGrantedTo } from './site-permissions';

export interface SiteRow {
  seq: string;
  id: string;
  organization_id: string;
  type: string;
  title: string;
  visibility: string;
  basename: string | null;
  proxy: string | null;
  /** Its custom hostname (`docs.example.com`), served at the root of that host (docs/adr/0091). */
  hostname: string | null;
  /** The official status its last DNS check gave, and when that ran; null until checked (docs/adr/0092). */
  hostname_status: string | null;
  hostname_checked_at: Date | null;
  published: boolean;
  published_at: Date | null;
  adaptive_content_enabled: boolean;
  agents_context: string;
  default_level: string | null;
  created_by: string;
  created_at: Date;
  updated_at: Date;
}

/** A site with the number of its site spaces, counted on every read so that it is always true. */
export type SiteWithCounts = SiteRow & { site_spaces_count: number };

const withCounts = (db: Knex) =>
  db('sites').select('sites.*', db.raw('(select count(*) from site_spaces ss where ss.site_id = sites.id)::int as site_spaces_count'));

export const findSite = (db: Knex, organizationId: string, id: string): Promise<SiteWithCounts | undefined> =>
  withCounts(db).where({ 'sites.organization_id': organizationId, 'sites.id': id }).first();

/** A site by id whatever its organization (to tell "not there" from "someone else's"). */
export const findSiteById = (db: Knex, id: string): Promise<SiteRow | undefined> => db<SiteRow>('sites').where({ id }).first();

export const lockSite = (trx: Knex.Transaction, organizationId: string, id: string): Promise<SiteRow | undefined> =>
  trx<SiteRow>('sites').where({ organization_id: organizationId, id }).forUpdate().first();

/** Locks several sites in id order (the one order every writer uses, so two writers never deadlock). */
export const lockSitesById = (trx: Knex.Transaction, ids: string[]): Promise<SiteRow[]> =>
  trx<SiteRow>('sites').whereIn('id', ids).orderBy('id').forUpdate();

export async function insertSite(
  db: Knex,
  row: Pick<SiteRow, 'id' | 'organization_id' | 'type' | 'title' | 'visibility' | 'created_by'>,
): Promise<SiteRow> {
  const [site] = await db<SiteRow>('sites').insert(row).returning('*');
  return site;
}

export async function updateSite(db: Knex, id: string, patch: Writable<SiteRow>): Promise<void> {
  await db<SiteRow>('sites')
    .where({ id })
    .update({ ...patch, updated_at: db.fn.now() });
}

export const deleteSiteRow = (db: Knex, id: string) => db('sites').where({ id }).delete();

/** The site whose custom hostname is `hostname` (compared case-insensitively). */
export const findSiteByHostname = (db: Knex, hostname: string): Promise<SiteRow | undefined> =>
  db<SiteRow>('sites').whereRaw('lower(hostname) = ?', [hostname.toLowerCase()]).first();

/**
 * Claims the next DNS check of a site's hostname: true when none ran since `notBefore` (then `checkedAt` is
 * recorded at once, so concurrent asks get one check between them).
 */
export async function claimHostnameCheck(db: Knex, id: string, hostname: string, checkedAt: Date, notBefore: Date): Promise<boolean> {
  const claimed = await db('sites')
    .where({ id, hostname })
    .andWhere((q) => q.whereNull('hostname_checked_at').orWhere('hostname_checked_at', '<=', notBefore))
    .update({ hostname_checked_at: checkedAt });
  return claimed > 0;
}

/** Records a DNS check's outcome, unless the site's hostname changed while it ran. */
export async function recordHostnameCheck(db: Knex, id: string, hostname: string, status: string, checkedAt: Date): Promise<void> {
  await db('sites').where({ id, hostname }).update({ hostname_status: status, hostname_checked_at: checkedAt });
}

/** Whether another site already has this hostname (compared case-insensitively). */
export async function hostnameTakenByAnotherSite(db: Knex, hostname: string, siteId: string): Promise<boolean> {
  return (await db('sites').whereRaw('lower(hostname) = ?', [hostname.toLowerCase()]).whereNot({ id: siteId }).first('id')) !== undefined;
}

/** Whether another site already uses this proxy origin (compared case-insensitively). */
export async function proxyTakenByAnotherSite(db: Knex, proxy: string, siteId: string): Promise<boolean> {
  const row = await db('sites').whereRaw('lower(proxy) = lower(?)', [proxy]).whereNot({ id: siteId }).first('id');
  return !!row;
}

export interface SiteFilters {
  space?: string;
  title?: string;
  published?: boolean;
  type?: string[];
}

/** The sites of an organization; `onlyGrantedTo`: only those granted to that user or their teams (a guest's list, docs/adr/0098). */
/** The default level that decides on each of some sites, where it does not inherit (docs/adr/0101): a site has its own only. */
export async function siteDefaultCuts(db: Knex, siteIds: string[]): Promise<Map<string, DefaultCut>> {
  if (siteIds.length === 0) return new Map();
  const rows: Array<Pick<SiteRow, 'id' | 'default_level' | 'created_by'>> = await db('sites')
    .whereIn('id', siteIds)
    .where((q) => q.whereNull('default_level').orWhereNot('default_level', 'inherit'))
    .select('id', 'default_level', 'created_by');
  return new Map(rows.flatMap((r) => {
    const cut = cutOf(r.default_level, r.created_by);
    return cut ? [[r.id, cut] as const] : [];
  }));
}

/**
 * The sites of an organization; with a viewer (docs/adr/0098, 0101), those they may see: a guest's granted ones;
 * a member's, all but those whose "no access" default level hides them (unless they created it, or were granted it).
 */
export function listSites(db: Knex, organizationId: string, params: ListParams & SiteFilters, viewer?: Viewer) {
  const query = withCounts(db).where('sites.organization_id', organizationId);
  if (viewer && !viewer.member) query.whereIn('sites.id', sitesGrantedTo(db, viewer.who));
  if (viewer?.member) {
    const { who } = viewer;
    query.where((q) => q.whereNotNull('sites.default_level').orWhere('sites.created_by', who.userId).orWhereIn('sites.id', sitesGrantedTo(db, who)));
  }
  if (params.space) {
    query.whereExists(db('site_spaces').whereRaw('site_spaces.site_id = sites.id').where('site_spaces.space_id', params.space));
  }
  if (params.title) query.whereILike('sites.title', containsPattern(params.title));
  if (params.published !== undefined) query.where('sites.published', params.published);
  if (params.type?.length) query.whereIn('sites.type', params.type);
  return paginate<SiteWithCounts>(query, params, { key: 'sites.seq' });
}

/** The site whose proxy origin is one of `origins` (`company.com/docs`, compared case-insensitively), the longest first: the publisher's Host routing. */
export async function findSiteByProxyOrigin(db: Knex, origins: string[]): Promise<SiteRow | undefined> {
  if (origins.length === 0) return undefined;
  return db<SiteRow>('sites')
    .whereRaw('lower(proxy) = any(?::text[])', [origins.map((o) => o.toLowerCase())])
    .orderByRaw('length(proxy) desc')
    .first();
}
