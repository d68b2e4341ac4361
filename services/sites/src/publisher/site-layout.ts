import type { SiteStructure } from '../queries/site-structure';
import type { SiteSpaceWithSpace } from '../data/site-spaces';
import type { SiteSectionRow } from '../data/site-sections';
import { parseCondition, type ConditionNode } from '../domain/conditions';

/**
 * A site's structure as the publisher serves it (docs/adr/0040): sections in site order (a site without
 * sections has one implicit section at its root), groups as tab groups, each section's site spaces with the
 * live revision of their space. Built once per load of the site (pure), read on every request.
 */

/** A stored condition, parsed once; `unreadable` (never written by the api, which checks them) hides its item. */
export type LayoutCondition = { kind: 'none' } | { kind: 'condition'; ast: ConditionNode } | { kind: 'unreadable' };

export interface LayoutSiteSpace {
  id: string;
  path: string;
  isDefault: boolean;
  condition: LayoutCondition;
  spaceId: string;
  title: string;
  revisionId: string;
  /** The space's language (Space.language), which its pages declare; absent: none set. */
  language?: string;
}

export interface LayoutSection {
  /** '' for the implicit section of a site without sections. */
  id: string;
  title: string;
  /** '' for the implicit section. */
  path: string;
  isDefault: boolean;
  condition: LayoutCondition;
  siteSpaces: LayoutSiteSpace[];
}

export type LayoutItem = { kind: 'section'; section: LayoutSection } | { kind: 'group'; id: string; title: string; sections: LayoutSection[] };

export interface SiteLayout {
  /** False: the site has no sections, its site spaces sit in the one implicit section of `items`. */
  sectioned: boolean;
  items: LayoutItem[];
}

/** The live state of a space as the publisher knows it: its revision, or deleted. */
export interface LiveSpace {
  revisionId: string;
  deleted: boolean;
}

export function layoutCondition(condition: string | null): LayoutCondition {
  if (condition === null) return { kind: 'none' };
  const parsed = parseCondition(condition);
  return parsed.ok ? { kind: 'condition', ast: parsed.ast } : { kind: 'unreadable' };
}

/**
 * The layout of a site from its structure; `live` gives each space's current revision (the copy, or a newer
 * snapshot heard on the bus). Site spaces of deleted spaces are left out, and so is a section left without any.
 */
export function layoutOf(siteTitle: string, structure: SiteStructure, live: (siteSpace: SiteSpaceWithSpace) => LiveSpace): SiteLayout {
  const siteSpacesOf = (rows: SiteSpaceWithSpace[]): LayoutSiteSpace[] =>
    rows.flatMap((row) => {
      const space = live(row);
      if (space.deleted) return [];
      const language = row.space.language ? { language: row.space.language } : {};
      return [{ id: row.id, path: row.path, isDefault: row.is_default, condition: layoutCondition(row.condition), spaceId: row.space_id, title: row.space.title, revisionId: space.revisionId, ...language }];
    });
  if (structure.type === 'siteSpaces') {
    const siteSpaces = siteSpacesOf(structure.siteSpaces);
    const root: LayoutSection = { id: '', title: siteTitle, path: '', isDefault: true, condition: { kind: 'none' }, siteSpaces };
    return { sectioned: false, items: siteSpaces.length ? [{ kind: 'section', section: root }] : [] };
  }
  const sectionOf = (row: SiteSectionRow, rows: SiteSpaceWithSpace[]): LayoutSection[] => {
    const siteSpaces = siteSpacesOf(rows);
    return siteSpaces.length ? [{ id: row.id, title: row.title, path: row.path, isDefault: row.is_default, condition: layoutCondition(row.condition), siteSpaces }] : [];
  };
  const items = structure.items.flatMap((item): LayoutItem[] => {
    if (item.kind === 'section') return sectionOf(item.section, item.siteSpaces).map((section) => ({ kind: 'section', section }));
    const sections = item.sections.flatMap((s) => sectionOf(s.section, s.siteSpaces));
    return sections.length ? [{ kind: 'group', id: item.group.id, title: item.group.title, sections }] : [];
  });
  return { sectioned: true, items };
}

/** Ids of every space the layout shows (to drop a cached site when one of them changes). */
export const spacesOf = (layout: SiteLayout): string[] =>
  layout.items.flatMap((item) => (item.kind === 'section' ? [item.section] : item.sections)).flatMap((s) => s.siteSpaces.map((ss) => ss.spaceId));
