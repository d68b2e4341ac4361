import type { Knex } from 'knex';
import type { Sibling } from '@dp/ordering';

/**
 * The siblings of each container of a site's structure, as `{key, position}` in order (docs/adr/0038), and
 * the writes of renumbered positions. Keys are `<kind>:<id>`, the kind naming the table.
 */
export type SiblingKind = 'section' | 'group' | 'site-space';

export const siblingKey = (kind: SiblingKind, id: string) => `${kind}:${id}`;

const TABLES: Record<SiblingKind, string> = { section: 'site_sections', group: 'site_section_groups', 'site-space': 'site_spaces' };
const NAMES: Record<SiblingKind, string> = { section: 'site section', group: 'site section group', 'site-space': 'site space' };

function parseKey(key: string): { kind: SiblingKind; id: string } {
  const at = key.indexOf(':');
  const kind = key.slice(0, at);
  if (kind !== 'section' && kind !== 'group' && kind !== 'site-space') throw new Error(`not a sibling key: ${key}`);
  return { kind, id: key.slice(at + 1) };
}

/** `site section <id>`: a key as an error message names it. */
export function describeSibling(key: string): string {
  const { kind, id } = parseKey(key);
  return `${NAMES[kind]} ${id}`;
}

const asSiblings = (rows: Array<{ key: string; position: number }>): Sibling[] => rows.map((r) => ({ key: r.key, position: Number(r.position) }));

/** The sections and groups at the root of a site, in order. */
export async function rootSiblingsOf(db: Knex, siteId: string): Promise<Sibling[]> {
  const { rows } = await db.raw(
    `select key, position from (
       select 'section:' || id as key, position, seq from site_sections where site_id = ? and section_group_id is null
       union all
       select 'group:' || id as key, position, seq from site_section_groups where site_id = ?
     ) s order by position, key`,
    [siteId, siteId],
  );
  return asSiblings(rows);
}

/** The sections of a group, in order. */
export async function groupSiblingsOf(db: Knex, groupId: string): Promise<Sibling[]> {
  const rows = await db('site_sections').where({ section_group_id: groupId }).orderBy(['position', 'id']).select(db.raw(`'section:' || id as key`), 'position');
  return asSiblings(rows);
}

/** The site spaces of a section (null: of the site's root), in order. */
export async function siteSpaceSiblingsOf(db: Knex, siteId: string, sectionId: string | null): Promise<Sibling[]> {
  const rows = await db('site_spaces').where({ site_id: siteId, section_id: sectionId }).orderBy(['position', 'id']).select(db.raw(`'site-space:' || id as key`), 'position');
  return asSiblings(rows);
}

/** Writes new positions (a renumbering, or the items just placed). */
export async function writePositions(db: Knex, siblings: readonly Sibling[]): Promise<void> {
  for (const s of siblings) {
    const { kind, id } = parseKey(s.key);
    await db(TABLES[kind]).where({ id }).update({ position: s.position });
  }
}
