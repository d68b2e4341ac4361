import { evaluateCondition, type Visitor } from '../domain/conditions';
import type { LayoutCondition, LayoutSection, LayoutSiteSpace, SiteLayout } from './site-layout';

/**
 * What one visitor sees of a site (docs/adr/0040, 0039): the sections and site spaces whose `condition`
 * holds for their claims. THE place adaptive content filters the structure; the audience seam (./audience.ts)
 * gives the visitor. Without a visitor every conditioned item is hidden. A section left without a visible site
 * space is hidden, and so is a group left without sections. Hidden items are absent from the navigation and
 * answer 404 by URL. Pure.
 */
export interface VisibleSection extends Omit<LayoutSection, 'siteSpaces'> {
  siteSpaces: LayoutSiteSpace[];
  /** What the section's URL shows: its default site space, or (hidden) its first visible one. */
  home: LayoutSiteSpace;
}

export type VisibleTab = { kind: 'section'; section: VisibleSection } | { kind: 'group'; id: string; title: string; sections: VisibleSection[] };

export interface VisibleStructure {
  sectioned: boolean;
  /** Sections and groups in site order: the tabs (empty for a site without sections). */
  tabs: VisibleTab[];
  /** Every visible section in site order. */
  sections: VisibleSection[];
  /** What the site's URL shows: the default section, or (hidden) the first visible one; none: nothing to show. */
  home: VisibleSection | undefined;
  /** Identifies what was hidden, for caches of pages whose navigation depends on it ('' when nothing was). */
  hiddenKey: string;
}

function holds(condition: LayoutCondition, visitor: Visitor | undefined): boolean {
  if (condition.kind === 'none') return true;
  if (condition.kind === 'unreadable' || !visitor) return false;
  return evaluateCondition(condition.ast, visitor);
}

export function visibleStructure(layout: SiteLayout, visitor: Visitor | undefined): VisibleStructure {
  const hidden: string[] = [];
  const visibleSection = (section: LayoutSection): VisibleSection | undefined => {
    if (!holds(section.condition, visitor)) {
      hidden.push(section.id);
      return undefined;
    }
    const siteSpaces = section.siteSpaces.filter((ss) => holds(ss.condition, visitor) || (hidden.push(ss.id), false));
    if (siteSpaces.length === 0) return undefined;
    return { ...section, siteSpaces, home: siteSpaces.find((ss) => ss.isDefault) ?? siteSpaces[0] };
  };
  const tabs = layout.items.flatMap((item): VisibleTab[] => {
    if (item.kind === 'section') {
      const section = visibleSection(item.section);
      return section ? [{ kind: 'section', section }] : [];
    }
    const sections = item.sections.map(visibleSection).filter((s): s is VisibleSection => s !== undefined);
    return sections.length ? [{ kind: 'group', id: item.id, title: item.title, sections }] : [];
  });
  const sections = tabs.flatMap((tab) => (tab.kind === 'section' ? [tab.section] : tab.sections));
  return {
    sectioned: layout.sectioned,
    tabs: layout.sectioned ? tabs : [],
    sections,
    home: sections.find((s) => s.isDefault) ?? sections[0],
    hiddenKey: hidden.join(','),
  };
}
