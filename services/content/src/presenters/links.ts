import type { Page } from '@dp/http';
import type { LinkGroup, LinkStats, LinkTarget } from '../domain/links';

/**
 * Wire shapes of links and backlinks (from @gitbook/api 0.181's interface; the newest official spec has no
 * such operations). References are the official ContentRef shapes (ContentRefPage, ContentRefAnchor,
 * ContentRefFile, ContentRefURL), located in a revision with ids, not embedded objects:
 *
 *   reference  = { kind: 'page', organization, space, versionContext: { type: 'revision', revision }, page }
 *              | { kind: 'anchor', organization, space, versionContext, page, anchor }
 *              | { kind: 'file', organization, space, versionContext, file }
 *              | { kind: 'url', url }
 *   link item  = { status: 'ok' | 'broken' | 'in-app', relation: 'reference', targetReference: reference,
 *                  locationReferences: reference[] (the pages holding the link, kind 'page') }
 *   link list  = { next?: { page }, count, stats: { total, broken: { total, changeRequest } }, items: link item[] }
 *   backlinks  = { next?: { page }, count, items: reference[] (the linking pages, kind 'page') }
 *
 * `organization`, `space` and `revision` are ids; `versionContext.revision` is the revision the links were
 * read in (the space's live one, or the change request's).
 */
export interface ReferenceContext {
  organizationId: string;
  spaceId: string;
  revisionId: string;
}

const located = (refs: ReferenceContext) => ({
  organization: refs.organizationId,
  space: refs.spaceId,
  versionContext: { type: 'revision' as const, revision: refs.revisionId },
});

export function presentReference(target: LinkTarget, refs: ReferenceContext) {
  switch (target.kind) {
    case 'url':
      return { kind: 'url' as const, url: target.url };
    case 'page':
      return { kind: 'page' as const, ...located(refs), page: target.page };
    case 'anchor':
      return { kind: 'anchor' as const, ...located(refs), page: target.page, anchor: target.anchor };
    case 'file':
      return { kind: 'file' as const, ...located(refs), file: target.file };
  }
}

export const presentLocation = (pageId: string, refs: ReferenceContext) => presentReference({ kind: 'page', page: pageId }, refs);

export function presentLinkItem(group: LinkGroup, refs: ReferenceContext) {
  return {
    status: group.status,
    // Every link tracked here is a reference from a page's text; the interface shows no other relation.
    relation: 'reference' as const,
    targetReference: presentReference(group.target, refs),
    locationReferences: group.from.map((pageId) => presentLocation(pageId, refs)),
  };
}

export function presentLinkList(page: Page<LinkGroup>, stats: LinkStats, refs: ReferenceContext) {
  return { ...(page.next ? { next: page.next } : {}), count: page.count, stats, items: page.items.map((g) => presentLinkItem(g, refs)) };
}
