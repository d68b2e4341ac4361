import { readerMarkdown } from '@dp/markdown-html';
import { splitSections } from '../revision/markdown';
import { childrenByParent } from '@dp/ordering';
import { pagePaths } from '../revision/tree';
import type { PageNode } from '../revision/types';
import { includedIds } from '../revision/includes';

/**
 * What the search index holds of a page: its sections (split at headings of levels 1 to 3), each as plain
 * text. Pure: the worker builds the rows here and only writes them.
 */

/** Text of one section kept in the index; longer bodies are cut (PostgreSQL caps a tsvector at 1 MB). */
export const MAX_INDEXED_BODY = 100_000;
/** Text of a whole page that its tsvector is built from. */
export const MAX_INDEXED_PAGE_TEXT = 300_000;

export interface SearchSection {
  /** 0 for the page's first section: the index keys rows by (space, page, position). */
  position: number;
  /** Anchor id of the heading; "" for the text before the first heading. */
  id: string;
  title: string;
  /** Plain text, whitespace collapsed. */
  body: string;
}

export interface SearchPageRow {
  pageId: string;
  title: string;
  path: string;
  description: string;
  /** Titles of the page's ancestors, from the top level down to its parent. */
  ancestors: string[];
  sections: SearchSection[];
  /** The reusable contents it includes, whose text its sections hold (docs/adr/0109). */
  includes: string[];
}

/** Markdown to the text a reader sees: no markup, links and images as their text, one space between words. */
export function plainText(markdown: string): string {
  return markdown
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/\{%[^%\n]*?\stitle="([^"]*)"[^%\n]*%\}/g, ' $1 ') // a tab's or a code block's title is text a reader sees
    .replace(/\{%[\s\S]*?%\}/g, ' ') // GitBook blocks: {% hint style="info" %} … {% endhint %}
    .replace(/^\s*(```|~~~).*$/gm, ' ') // fences go, the code stays
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\[[^\]]*\]/g, '$1')
    .replace(/<\/?[A-Za-z][^>]*>/g, ' ')
    .replace(/`+([^`]*)`+/g, '$1')
    .replace(/^\s{0,3}#{1,6}\s+/gm, '')
    .replace(/^\s{0,3}>\s?/gm, '')
    .replace(/^\s*(?:[-*+]|\d+[.)])\s+(?:\[[ xX]\]\s+)?/gm, '')
    .replace(/^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/gm, ' ') // table separator rows
    .replace(/^\s*([-*_])(\s*\1){2,}\s*$/gm, ' ') // horizontal rules
    .replace(/\|/g, ' ')
    .replace(/(\*\*|__|~~)/g, '')
    .replace(/(^|[\s(])[*_]+(?=\S)/g, '$1')
    .replace(/(\S)[*_]+(?=[\s).,;:!?]|$)/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The sections of a page for the index. A leading heading that repeats the page title (the usual
 * `# Title` first line) is the page's introduction, not a section of its own; a page without any text
 * still gets one (empty) section so that its title can be found.
 */
export function searchSections(markdown: string, pageTitle: string): SearchSection[] {
  // What every reader reads: a block shown only under a condition is not searchable (its words would leak).
  const sections = splitSections(readerMarkdown(markdown), pageTitle);
  if (sections.length > 0 && sections[0].id !== '' && sections[0].title === pageTitle) sections[0] = { ...sections[0], id: '' };
  if (sections.length === 0) sections.push({ id: '', title: pageTitle, body: '' });
  return sections.map((s, position) => ({ position, id: s.id, title: s.title, body: plainText(s.body).slice(0, MAX_INDEXED_BODY) }));
}

/**
 * The text a page is matched on besides its title: the description and section headings (ranked above
 * the body), and the body, every section's text.
 */
export function pageSearchText(page: SearchPageRow): { headings: string; body: string } {
  const headings = [page.description, ...page.sections.filter((s) => s.id !== '').map((s) => s.title)].filter(Boolean).join(' ');
  const body = page.sections
    .map((s) => s.body)
    .filter(Boolean)
    .join(' ')
    .slice(0, MAX_INDEXED_PAGE_TEXT);
  return { headings, body };
}

/** Titles of each page's ancestors, top level first. */
export function ancestorTitles(pages: PageNode[]): Map<string, string[]> {
  const children = childrenByParent(pages);
  const out = new Map<string, string[]>();
  const walk = (parent: string | null, above: string[]) => {
    for (const page of children.get(parent) ?? []) {
      out.set(page.id, above);
      walk(page.id, [...above, page.title]);
    }
  };
  walk(null, []);
  return out;
}

export interface ReindexPlan {
  /** Pages whose rows are dropped: every changed page (some are gone, the others are indexed again). */
  remove: string[];
  /** Document pages to index anew from their markdown. */
  index: PageNode[];
  /**
   * Unchanged pages below a changed one: their path and ancestors may have moved with it (a renamed slug
   * or title, a move), their text did not.
   */
  descendants: PageNode[];
}

/** Which rows a live revision's changes touch; `changed` are the page ids the revision event names. */
export function reindexPlan(pages: PageNode[], changed: string[]): ReindexPlan {
  const changedSet = new Set(changed);
  const children = childrenByParent(pages);
  const index = pages.filter((p) => changedSet.has(p.id) && p.type === 'document');
  const below = new Map<string, PageNode>();
  const walk = (id: string) => {
    for (const child of children.get(id) ?? []) {
      if (!changedSet.has(child.id) && child.type === 'document') below.set(child.id, child);
      walk(child.id);
    }
  };
  for (const page of pages) if (changedSet.has(page.id)) walk(page.id);
  return { remove: [...changedSet], index, descendants: [...below.values()] };
}

/**
 * Rows of the pages `plan.index`, from their markdown (by document hash) as readers see it: `shown` has the reusable
 * contents they include in place, `written` as stored (what they include is read from it).
 */
export function pageRows(pages: PageNode[], indexed: PageNode[], shown: ReadonlyMap<string, string>, written: ReadonlyMap<string, string>): SearchPageRow[] {
  const paths = pagePaths(pages);
  const ancestors = ancestorTitles(pages);
  return indexed.map((page) => ({
    pageId: page.id,
    title: page.title,
    path: paths.get(page.id) ?? page.slug,
    description: page.description ?? '',
    ancestors: ancestors.get(page.id) ?? [],
    sections: searchSections(page.documentHash ? (shown.get(page.documentHash) ?? '') : '', page.title),
    includes: page.documentHash ? includedIds(written.get(page.documentHash) ?? '') : [],
  }));
}

/** New path and ancestors of the pages in `plan.descendants`. */
export function placements(pages: PageNode[], moved: PageNode[]): Array<{ pageId: string; path: string; ancestors: string[] }> {
  const paths = pagePaths(pages);
  const ancestors = ancestorTitles(pages);
  return moved.map((p) => ({ pageId: p.id, path: paths.get(p.id) ?? p.slug, ancestors: ancestors.get(p.id) ?? [] }));
}
