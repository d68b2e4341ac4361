import type { Knex } from 'knex';
import { type ListParams } from '@dp/http';
import { paginate } from '@dp/db';

export interface ShareLinkRow {
  seq: string;
  id: string;
  site_id: string;
  organization_id: string;
  name: string;
  /** The secret of the capability URL: only ever shown inside `urls.published`. */
  key: string;
  active: boolean;
  created_by: string;
  created_at: Date;
}

export async function insertShareLink(db: Knex, row: Pick<ShareLinkRow, 'id' | 'site_id' | 'organization_id' | 'name' | 'key' | 'created_by'>): Promise<ShareLinkRow> {
  const [link] = await db<ShareLinkRow>('share_links').insert(row).returning('*');
  return link;
}

/** Applies the patch to the share link of the site; undefined when the site has no such share link. */
export async function updateShareLink(db: Knex, siteId: string, id: string, patch: Partial<Pick<ShareLinkRow, 'name' | 'active'>>): Promise<ShareLinkRow | undefined> {
  const query = db<ShareLinkRow>('share_links').where({ site_id: siteId, id });
  const [link] = Object.keys(patch).length ? await query.update(patch).returning('*') : await query.select('*');
  return link;
}

/** Deletes the share link of the site; false when there was none. */
export async function deleteShareLink(db: Knex, siteId: string, id: string): Promise<boolean> {
  return (await db('share_links').where({ site_id: siteId, id }).delete()) > 0;
}

export function listShareLinks(db: Knex, siteId: string, params: ListParams) {
  return paginate<ShareLinkRow>(db<ShareLinkRow>('share_links').where({ site_id: siteId }), params, { key: 'seq' });
}

/** Whether `key` opens the site: the key of one of its share links that is active. */
export async function isActiveShareKey(db: Knex, siteId: string, key: string): Promise<boolean> {
  return Boolean(await db('share_links').where({ site_id: siteId, key, active: true }).first('id'));
}
