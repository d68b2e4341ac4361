import type { Knex } from 'knex';
import { containsPattern, paginate, type ListParams, type OrderKey, type Page } from '@dp/db';
import type { RedirectDestination } from '../schemas/site-redirects';

export interface SiteRedirectRow {
  seq: string;
  id: string;
  site_id: string;
  source: string;
  /** The source decoded, without its `*` (domain/site-redirects.ts `matchKey`). */
  match_path: string;
  wildcard: boolean;
  draft: boolean;
  capture_wildcard: boolean;
  permanent: boolean;
  destination: RedirectDestination;
  created_at: Date;
  updated_at: Date | null;
}

export type NewSiteRedirect = Omit<SiteRedirectRow, 'seq' | 'created_at' | 'updated_at'>;
export type SiteRedirectPatch = Partial<Pick<SiteRedirectRow, 'source' | 'match_path' | 'wildcard' | 'draft' | 'capture_wildcard' | 'permanent' | 'destination'>>;

const table = (db: Knex) => db<SiteRedirectRow>('site_redirects');
/** jsonb: pg would send an array as a PostgreSQL array, and an object is clearer as the JSON it is stored as. */
const stored = <T extends { destination?: RedirectDestination }>(row: T) => (row.destination ? { ...row, destination: JSON.stringify(row.destination) } : row);

export async function insertSiteRedirect(db: Knex, row: NewSiteRedirect): Promise<SiteRedirectRow> {
  const [inserted] = await table(db).insert(stored(row)).returning('*');
  return inserted;
}

export async function updateSiteRedirect(db: Knex, id: string, patch: SiteRedirectPatch): Promise<SiteRedirectRow> {
  const [updated] = await table(db)
    .where({ id })
    .update({ ...stored(patch), updated_at: db.fn.now() })
    .returning('*');
  return updated;
}

/** True when it was there. */
export const deleteSiteRedirect = async (db: Knex, siteId: string, id: string): Promise<boolean> => (await table(db).where({ site_id: siteId, id }).delete()) > 0;

export const findSiteRedirect = (db: Knex, siteId: string, id: string): Promise<SiteRedirectRow | undefined> => table(db).where({ site_id: siteId, id }).first();

export const findSiteRedirectBySource = (db: Knex, siteId: string, source: string, draft: boolean): Promise<SiteRedirectRow | undefined> =>
  table(db).where({ site_id: siteId, source, draft }).first();

export async function countSiteRedirects(db: Knex, siteId: string): Promise<number> {
  const [{ count }] = await table(db).where({ site_id: siteId }).count<{ count: string }[]>({ count: '*' });
  return Number(count);
}

const ORDERS: Record<'createdAt' | 'updatedAt' | 'source', { keys: readonly OrderKey[]; order: 'asc' | 'desc' }> = {
  // Newest first; seq follows creation.
  createdAt: { keys: [{ column: 'seq', type: 'bigint' }], order: 'desc' },
  updatedAt: {
    keys: [
      { column: 'changed', type: 'double precision' },
      { column: 'seq', type: 'bigint' },
    ],
    order: 'desc',
  },
  source: {
    keys: [
      { column: 'source', type: 'text' },
      { column: 'seq', type: 'bigint' },
    ],
    order: 'asc',
  },
};

/** `GET SITE/redirects`: live or draft ones, whose source contains `search`, in the official orders. */
export function listSiteRedirects(db: Knex, siteId: string, params: ListParams & { search?: string; draft?: boolean; orderBy?: keyof typeof ORDERS }): Promise<Page<SiteRedirectRow>> {
  const query = table(db)
    .select('*', db.raw('extract(epoch from coalesce(updated_at, created_at))::double precision as changed'))
    .where({ site_id: siteId, draft: params.draft ?? false });
  if (params.search) query.whereILike('source', containsPattern(params.search));
  const { keys, order } = ORDERS[params.orderBy ?? 'createdAt'];
  return paginate<SiteRedirectRow>(db.from(query.as('redirects')), params, { keys, order });
}

/**
 * The live redirects that could answer a reader's decoded path: its exact source, and every wildcard source
 * the path starts with (at most one site's, through its indexes); domain/site-redirects.ts picks the one.
 */
export function liveRedirectCandidates(db: Knex, siteId: string, path: string): Promise<SiteRedirectRow[]> {
  const exact = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return table(db)
    .where({ site_id: siteId, draft: false })
    .andWhere((q) => q.where({ wildcard: false, match_path: exact }).orWhere((w) => w.where({ wildcard: true }).andWhereRaw('starts_with(?, match_path)', [exact])))
    .orderByRaw('wildcard, length(match_path) desc')
    .limit(10);
}
