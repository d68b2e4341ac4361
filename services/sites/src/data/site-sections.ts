import type { Knex } from 'knex';
import { paginate, type OrderKey, type Writable } from '@dp/db';
import type { ListParams } from '@dp/http';

export interface SiteSectionRow {
  seq: string;
  id: string;
  site_id: string;
  /** The group it is in; null: at the site's root. */
  section_group_id: string | null;
  title: string;
  description: string | null;
  icon: string | null;
  path: string;
  condition: string | null;
  is_default: boolean;
  /** Among the sections of its group, or among the sections and groups at the root (docs/adr/0038). */
  position: number;
  created_by: string;
  /** The key a site's gitbook-docs.yaml gave it (docs/adr/0115); null when it was never synced. */
  git_sync_key?: string | null;
  created_at: Date;
  updated_at: Date;
}

/**
 * Sections with the keys of structure order: the root items (ungrouped sections and groups) by position, a
 * group's sections in its place, by their position within it; `seq` last, so the order is total.
 */
const inStructureOrder = (db: Knex) =>
  db('site_sections')
    .leftJoin('site_section_groups', 'site_section_groups.id', 'site_sections.section_group_id')
    .select(
      'site_sections.*',
      db.raw('coalesce(site_section_groups.position, site_sections.position) as root_position'),
      db.raw('(case when site_sections.section_group_id is null then 0 else 1 end)::double precision as in_group'),
      db.raw('(case when site_sections.section_group_id is null then 0 else site_sections.position end) as inner_position'),
    );

export const SECTION_ORDER: readonly OrderKey[] = [
  { column: 'root_position', type: 'double precision' },
  { column: 'in_group', type: 'double precision' },
  { column: 'inner_position', type: 'double precision' },
  { column: 'seq', type: 'bigint' },
];

/** Every section of a site in structure order. */
export const sectionsOf = (db: Knex, siteId: string): Promise<SiteSectionRow[]> =>
  inStructureOrder(db)
    .where('site_sections.site_id', siteId)
    .orderBy(SECTION_ORDER.map((k) => ({ column: k.column })));

export const listSections = (db: Knex, siteId: string, params: ListParams) =>
  // Wrapped: the keys are computed columns of the select.
  paginate<SiteSectionRow>(db.from(inStructureOrder(db).where('site_sections.site_id', siteId).as('ordered')), params, { keys: SECTION_ORDER });

export const findSection = (db: Knex, siteId: string, id: string): Promise<SiteSectionRow | undefined> =>
  db<SiteSectionRow>('site_sections').where({ site_id: siteId, id }).first();

export const sectionsInGroup = (db: Knex, groupId: string): Promise<SiteSectionRow[]> =>
  db<SiteSectionRow>('site_sections').where({ section_group_id: groupId }).orderBy([{ column: 'position' }, { column: 'seq' }]);

export async function insertSection(db: Knex, row: Omit<SiteSectionRow, 'seq' | 'created_at' | 'updated_at'>): Promise<SiteSectionRow> {
  const [section] = await db<SiteSectionRow>('site_sections').insert(row).returning('*');
  return section;
}

export async function updateSection(db: Knex, id: string, patch: Writable<SiteSectionRow>): Promise<void> {
  await db<SiteSectionRow>('site_sections')
    .where({ id })
    .update({ ...patch, updated_at: db.fn.now() });
}

/** Deletes the section; its site spaces go with it (foreign key, `on delete cascade`). */
export const deleteSectionRow = (db: Knex, id: string) => db('site_sections').where({ id }).delete();

/** Makes `id` the one default section of its site (the partial unique index allows one per site). */
export async function setDefaultSection(db: Knex, siteId: string, id: string): Promise<void> {
  await db('site_sections').where({ site_id: siteId, is_default: true }).whereNot({ id }).update({ is_default: false, updated_at: db.fn.now() });
  await db('site_sections').where({ site_id: siteId, id }).update({ is_default: true, updated_at: db.fn.now() });
}

