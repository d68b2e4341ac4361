import type { SpacesSearchResults } from '@dp/contracts';

/**
 * Rules of a site's search (docs/adr/0090): which site spaces a search covers (the official scopes) and which
 * results a reader may see (none of a hidden page, nor of a page under one). Pure.
 */

/** Content searches at most this many spaces at once; a wider scope keeps the first ones, in site order. */
export const MAX_SEARCHED_SPACES = 100;

export interface SearchableSiteSpace {
  id: string;
  spaceId: string;
  /** Its section ('' for a site without sections). */
  sectionId: string;
  /** The default site space of its section. */
  isDefault: boolean;
}

export type SearchScope = { mode: 'default'; currentSiteSpace?: string; restrictTo?: 'currentSiteSpace' | 'otherSiteSpaces' } | { mode: 'specific'; siteSpaceIds: string[] } | { mode: 'all' };

/** The official body's scope: `scope`, or one of the deprecated `mode`s it replaced (no scope: the default one). */
export function scopeOf(body: { scope?: SearchScope; mode?: string; siteSpaceIds?: string[]; siteSpaceId?: string }): SearchScope {
  if (body.scope) return body.scope;
  if (body.siteSpaceIds) return { mode: 'specific', siteSpaceIds: body.siteSpaceIds };
  if (body.mode === 'current' && body.siteSpaceId) return { mode: 'default', currentSiteSpace: body.siteSpaceId };
  if (body.mode === 'all') return { mode: 'all' };
  return { mode: 'default' };
}

/**
 * The site spaces a scope covers, in site order: `default` is each section's default site space with the current
 * one (or only the current one, or the defaults but it), `specific` the ones named (of this site only), `all` all.
 */
export function siteSpacesInScope<T extends SearchableSiteSpace>(all: readonly T[], scope: SearchScope): T[] {
  if (scope.mode === 'all') return [...all];
  if (scope.mode === 'specific') return all.filter((ss) => scope.siteSpaceIds.includes(ss.id));
  const current = scope.currentSiteSpace;
  if (scope.restrictTo === 'currentSiteSpace') return all.filter((ss) => ss.id === current);
  if (scope.restrictTo === 'otherSiteSpaces') return all.filter((ss) => ss.isDefault && ss.id !== current);
  return all.filter((ss) => ss.isDefault || ss.id === current);
}

/** The ids of the documents a reader finds: not hidden, and not under a hidden page. */
export function readablePageIds(pages: ReadonlyArray<{ id: string; parent: string | null; type: string; hidden: boolean }>): Set<string> {
  const byId = new Map(pages.map((p) => [p.id, p]));
  const hiddenAbove = new Map<string, boolean>();
  const hidden = (id: string, seen = new Set<string>()): boolean => {
    const known = hiddenAbove.get(id);
    if (known !== undefined) return known;
    const page = byId.get(id);
    // A cycle in bad data hides what is in it.
    const result = !page || seen.has(id) || page.hidden || (page.parent !== null && hidden(page.parent, seen.add(id)));
    hiddenAbove.set(id, result);
    return result;
  };
  return new Set(pages.filter((p) => p.type === 'document' && !hidden(p.id)).map((p) => p.id));
}

/** The results without what a reader may not find (`readable` gives each space's readable page ids). */
export function readableResults(results: SpacesSearchResults, readable: (spaceId: string) => Set<string> | undefined): SpacesSearchResults {
  let dropped = 0;
  const items = results.items.flatMap((space) => {
    const ids = readable(space.id);
    const pages = space.pages.filter((page) => ids?.has(page.id));
    dropped += space.pages.length - pages.length;
    return pages.length ? [{ ...space, pages, score: Math.max(...pages.map((p) => p.score)) }] : [];
  });
  return { ...results, count: Math.max(0, results.count - dropped), items };
}
