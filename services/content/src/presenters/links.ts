import type { Page } from '@dp/http';
import type { LinkGroup, LinkStats, LinkTarget } from '../domain/links';

/**
 * Wire shapes of links and backlinks (@gitbook/api 0.181's ContentReferenceUsage and ContentLocation; the
 * newest official spec has no such operations). A location is absolute: it embeds the objects it points
 * at, as their own reads present them (docs/adr/0030):
 *
 *   location   = { kind: 'page', organization: Organization, space: Space, versionContext?, page: RevisionPage,
 *                  internalLocation?: { type: 'anchor', anchor } }
 *              | { kind: 'file', organization, space, versionContext?, file: RevisionFile }
 *              | { kind: 'url', url }
 *   versionContext = { type: 'changeRequest', changeRequest: ChangeRequest } under a change request; absent
 *              for the space's live content (the Space carries its `revision`: embedding the whole Revision,
 *              its page tree and documents, in every location would make a list megabytes per item).
 *   page       = the RevisionPage as GET page presents it, without its document (no `markdown`: docs/adr/0061)
 *   link item  = { status, relation: 'reference', targetReference: location, locationReferences: location[] }
 *              (`locationReferences`: the first CONTENT_LINK_LOCATIONS_PER_ITEM linking pages, http/links.ts)
 *   link list  = { next?: { page }, count, stats: { total, broken: { total, changeRequest } }, items: link item[] }
 *   backlinks  = { next?: { page }, count, items: location[] (the linking pages) }
 *
 * A broken target by id (a page or file not in the revision) has no object to embed: it is a `url` location
 * carrying the href it was written as (`/pages/<id>`, `/pages/<id>#<anchor>`, `/files/<id>`), as a broken
 * path already is.
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
