import type { Knex } from 'knex';
import { paginate, type OrderKey, type Writable } from '@dp/db';
import type { ListParams } from '@dp/http';

export interface SiteSectionGroupRow {
  seq: string;
  id: string;
  site_id: string;
  title: string;
  icon: string | null;
  /** Among the sections and groups at the site's root (docs/adr/0038). */
  position: number;
  created_by: string;
  /** The key a site's gitbook-docs.yaml gave it (docs/adr/0115); null when it was never synced. */
  git_sync_key?: string | null;
  created_at: Date;
  updated_at: Date;
}

const GROUP_ORDER: readonly OrderKey[] = [
  { column: 'position', type: 'double precision' },
  { column: 'seq', type: 'bigint' },
];

export const groupsOf = (db: Knex, siteId: string): Promise<SiteSectionGroupRow[]> =>
  db<SiteSectionGroupRow>('site_section_groups').where({ site_id: siteId }).orderBy(GROUP_ORDER.map((k) => ({ column: k.column })));

export const listGroups = (db: Knex, siteId: string, params: ListParams) =>
  paginate<SiteSectionGroupRow>(db('site_section_groups').where({ site_id: siteId }), params, { keys: GROUP_ORDER });

export const findGroup = (db: Knex, siteId: string, id: string): Promise<SiteSectionGroupRow | undefined> =>
  db<SiteSectionGroupRow>('site_section_groups').where({ site_id: siteId, id }).first();

export async function insertGroup(db: Knex, row: Omit<SiteSectionGroupRow, 'seq' | 'created_at' | 'updated_at'>): Promise<SiteSectionGroupRow> {
  const [group] = await db<SiteSectionGroupRow>('site_section_groups').insert(row).returning('*');
  return group;
}

export async function updateGroup(db: Knex, id: string, patch: Writable<SiteSectionGroupRow>): Promise<void> {
  await db<SiteSectionGroupRow>('site_section_groups')
    .where({ id })
    .update({ ...patch, updated_at: db.fn.now() });
}

export const deleteGroupRow = (db: Knex, id: string) => db('site_section_groups').where({ id }).delete();

