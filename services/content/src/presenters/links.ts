import type { Page } from '@dp/http';
import type { LinkGroup, LinkStats, LinkTarget } from '../domain/links';

/**
 * Wire shapes of links and backlinks: @gitbook/api 0.181's ContentReferenceUsage and ContentLocation (the newest
 * official spec has no such operations). A location is absolute, embedding the objects it points at as their own
 * reads present them, but a page without its document (docs/adr/0061) and no Revision for live content (megabytes
 * per item); a broken target by id is a `url` location carrying its href. The shapes in full: docs/adr/0030.
 */

/** The links operations exist only in @gitbook/api 0.181, whose page layout predates `coverMask`, `actions`, `anchors`. */
const LAYOUT_0181 = new Set(['width', 'cover', 'coverSize', 'title', 'description', 'tableOfContents', 'outline', 'pagination', 'metadata', 'tags']);

/** A page as GET page presents it, in 0.181's RevisionPage shape (see LAYOUT_0181). */
export function presentLocatedPage(page: Record<string, unknown>): Record<string, unknown> {
  const { layout } = page;
  if (!layout || typeof layout !== 'object') return page;
  return { ...page, layout: Object.fromEntries(Object.entries(layout).filter(([key]) => LAYOUT_0181.has(key))) };
}

export interface LocationContext {
  organization: object;
  space: object;
  versionContext?: { type: 'changeRequest'; changeRequest: object };
  /** The page of the revision read, as GET page presents it; undefined when not in the revision. */
  page(id: string): object | undefined;
  file(id: string): object | undefined;
}

function located(refs: LocationContext) {
  return { organization: refs.organization, space: refs.space, ...(refs.versionContext ? { versionContext: refs.versionContext } : {}) };
}

/** How an id target is written in markdown: what a broken one is shown as. */
function hrefOf(target: Exclude<LinkTarget, { kind: 'url' }>): string {
  switch (target.kind) {
    case 'page':
      return `/pages/${target.page}`;
    case 'anchor':
      return `/pages/${target.page}#${target.anchor}`;
    case 'file':
      return `/files/${target.file}`;
  }
}

export function presentReference(target: LinkTarget, refs: LocationContext) {
  if (target.kind === 'url') return { kind: 'url' as const, url: target.url };
  if (target.kind === 'file') {
    const file = refs.file(target.file);
    return file ? { kind: 'file' as const, ...located(refs), file } : { kind: 'url' as const, url: hrefOf(target) };
  }
  const page = refs.page(target.page);
  if (!page) return { kind: 'url' as const, url: hrefOf(target) };
  return {
    kind: 'page' as const,
    ...located(refs),
    page,
    ...(target.kind === 'anchor' ? { internalLocation: { type: 'anchor' as const, anchor: target.anchor } } : {}),
  };
}

export const presentLocation = (pageId: string, refs: LocationContext) => presentReference({ kind: 'page', page: pageId }, refs);

export function presentLinkItem(group: LinkGroup, refs: LocationContext) {
  return {
    status: group.status,
    // Every link tracked here is a reference from a page's text; the interface shows no other relation.
    relation: 'reference' as const,
    targetReference: presentReference(group.target, refs),
    locationReferences: group.from.map((pageId) => presentLocation(pageId, refs)),
  };
}

export function presentLinkList(page: Page<LinkGroup>, stats: LinkStats, refs: LocationContext) {
  return { ...(page.next ? { next: page.next } : {}), count: page.count, stats, items: page.items.map((g) => presentLinkItem(g, refs)) };
}
