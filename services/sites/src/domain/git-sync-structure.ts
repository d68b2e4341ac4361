import type { ContentEvents, EventData } from '@dp/events';

/**
 * A site's structure as its `gitbook-docs.yaml` says it (docs/adr/0115), matched against what the site holds:
 * pure, so that the rules are tested without a database. The file drives the whole structure: what it names is
 * kept (by its Git Sync key, else adopted by what it shows), updated and ordered as written; what it does not name
 * goes.
 */
export type StructureRead = EventData<typeof ContentEvents.GIT_SYNC_SITE_STRUCTURE_READ>;
export type StructureNode = StructureRead['nodes'][number];

export interface CurrentStructure {
  groups: Array<{ id: string; key: string | null; title: string }>;
  sections: Array<{ id: string; key: string | null; path: string }>;
  siteSpaces: Array<{ id: string; key: string | null; sectionId: string | null; spaceId: string }>;
}

/** A node placed: the row it keeps (undefined: a new one), its parent's key and its place among its siblings. */
export interface Placed<N> {
  node: N;
  rowId: string | undefined;
  position: number;
  isDefault: boolean;
}

export interface StructurePlan {
  groups: Array<Placed<StructureNode>>;
  /** Sections, each with the key of its group (null: the root). */
  sections: Array<Placed<StructureNode>>;
  /** Site spaces, each with the key of its section (null: the site's root, in a site without sections). */
  siteSpaces: Array<Placed<StructureNode & { spaceId: string }>>;
  remove: { groups: string[]; sections: string[]; siteSpaces: string[] };
}

export class StructureError extends Error {}

/**
 * The plan that makes `current` what `nodes` say. Rows are matched by key first; a row never synced is adopted by
 * what it shows (a group by its title, a section by its path, a site space by its space), so
 * that pointing Git Sync at a site built by hand keeps its ids. External links are not kept here (sites has none).
 */
export function planStructure(nodes: readonly StructureNode[], current: CurrentStructure): StructurePlan {
  const byKey = new Map(nodes.map((n) => [n.key, n]));
  if (byKey.size !== nodes.length) throw new StructureError('two nodes of gitbook-docs.yaml have the same key');
  const parentOf = (n: StructureNode) => (n.parentKey === null ? undefined : byKey.get(n.parentKey));
  const sectioned = nodes.some((n) => n.type === 'section');
  const used = new Set<string>();
  const claim = <R extends { id: string; key: string | null }>(rows: R[], node: StructureNode, adopt: (row: R) => boolean): string | undefined => {
    const row = rows.find((r) => r.key === node.key && !used.has(r.id)) ?? rows.find((r) => r.key === null && !used.has(r.id) && adopt(r));
    if (row) used.add(row.id);
    return row?.id;
  };
  const place = <N extends StructureNode>(list: readonly N[]): Array<Placed<N>> => {
    const siblings = new Map<string | null, N[]>();
    for (const n of list) siblings.set(n.parentKey, [...(siblings.get(n.parentKey) ?? []), n]);
    return list.map((node) => {
      const around = siblings.get(node.parentKey)!;
      const marked = around.find((n) => n.default);
      return { node, rowId: undefined, position: around.indexOf(node) + 1, isDefault: (marked ?? around[0]) === node };
    });
  };

  // Groups nest one level here: a group inside a group lends its sections to the outer one (the file allows one
  // level more; its title is not shown).
  const outerGroupOf = (n: StructureNode): string | null => {
    const parent = parentOf(n);
    if (!parent) return null;
    if (parent.type !== 'section-group') throw new StructureError(`section ${n.key} must sit at the root or in a section group`);
    return parent.parentKey === null ? parent.key : outerGroupOf(parent);
  };
  const groups = place(nodes.filter((n) => n.type === 'section-group' && n.parentKey === null));
  for (const g of groups) g.rowId = claim(current.groups, g.node, (row) => row.title === g.node.title);
  const sections = place(nodes.filter((n) => n.type === 'section').map((n) => ({ ...n, parentKey: outerGroupOf(n) })));
  for (const s of sections) s.rowId = claim(current.sections, s.node, (row) => row.path === s.node.path);
  // Sections share one order at the root with groups: a group's place among the root items is its section order.
  const rootKeys = nodes.filter((n) => n.parentKey === null && (n.type === 'section' || n.type === 'section-group')).map((n) => n.key);
  for (const placed of [...groups, ...sections.filter((s) => s.node.parentKey === null)]) placed.position = rootKeys.indexOf(placed.node.key) + 1;
  const sectionDefault = sections.find((s) => s.node.default) ?? sections[0];
  for (const s of sections) s.isDefault = s === sectionDefault;

  const spaceNodes = nodes.filter((n): n is StructureNode & { spaceId: string } => n.type === 'space' && typeof n.spaceId === 'string');
  if (spaceNodes.length !== nodes.filter((n) => n.type === 'space').length) throw new StructureError('a space node has no space');
  const siteSpaces = place(spaceNodes);
  for (const s of siteSpaces) {
    const parent = parentOf(s.node);
    if (sectioned ? parent?.type !== 'section' : parent !== undefined) {
      throw new StructureError(`space ${s.node.key} must sit ${sectioned ? 'in a section: a site with sections lists no spaces outside them' : 'at the root or in a section'}`);
    }
    s.rowId = claim(current.siteSpaces, s.node, (row) => row.spaceId === s.node.spaceId);
  }

  const unclaimed = (rows: Array<{ id: string }>) => rows.filter((r) => !used.has(r.id)).map((r) => r.id);
  return { groups, sections, siteSpaces, remove: { groups: unclaimed(current.groups), sections: unclaimed(current.sections), siteSpaces: unclaimed(current.siteSpaces) } };
}
