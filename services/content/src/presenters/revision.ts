import { iso, type Links } from '@dp/http';
import type { RevisionRow } from '../data/revisions';
import { childrenByParent, pagePaths } from '../domain/revision/tree';
import type { FileEntry, PageNode } from '../domain/revision/types';

export interface ContentLocation {
  spaceId: string;
  /** Set for a change request's content. */
  changeRequestId?: string;
  revisionId: string;
}

const DEFAULT_LAYOUT = {
  width: 'default',
  cover: true,
  coverSize: 'full',
  coverMask: 'none',
  title: true,
  description: true,
  tableOfContents: true,
  outline: true,
  pagination: true,
  metadata: true,
  tags: true,
  actions: true,
  anchors: true,
};

function appUrl(loc: ContentLocation, links: Links, tail: string): string {
  return loc.changeRequestId ? links.app(`/s/${loc.spaceId}/~/changes/${loc.changeRequestId}${tail}`) : links.app(`/s/${loc.spaceId}${tail}`);
}

/** One page, without its children; `markdown` only when asked for (single page reads with format=markdown). */
export function presentPage(page: PageNode, path: string, loc: ContentLocation, links: Links, opts: { markdown?: string; children?: unknown[] } = {}) {
  const base = {
    id: page.id,
    title: page.title,
    ...(page.emoji ? { emoji: page.emoji } : {}),
    ...(page.icon ? { icon: page.icon } : {}),
    createdAt: page.createdAt,
    updatedAt: page.updatedAt,
    ...(page.condition ? { condition: page.condition } : {}),
    slug: page.slug,
    path,
    hidden: page.hidden,
    noIndex: page.noIndex,
    noRobotsIndex: page.noRobotsIndex,
    pages: opts.children ?? [],
  };
  if (page.type === 'group') return { ...base, kind: 'group' as const, type: 'group' as const };
  return {
    ...base,
    kind: 'sheet' as const,
    type: 'document' as const,
    ...(page.description ? { description: page.description } : {}),
    ...(page.documentHash ? { documentId: page.documentHash.slice(0, 20) } : {}),
    ...(opts.markdown !== undefined ? { markdown: opts.markdown } : {}),
    layout: { ...DEFAULT_LAYOUT, ...page.layout },
    tags: [],
    urls: { app: appUrl(loc, links, `/${path}`) },
  };
}

/**
 * The page tree with each page's children nested in `pages`. The official schema makes a document page
 * carry its document, so each one comes with its markdown (`documents`: markdown by hash).
 */
export function presentPageTree(pages: PageNode[], loc: ContentLocation, links: Links, documents: Map<string, string>): unknown[] {
  const children = childrenByParent(pages);
  const paths = pagePaths(pages);
  const build = (parent: string | null): unknown[] =>
    (children.get(parent) ?? []).map((page) =>
      presentPage(page, paths.get(page.id)!, loc, links, {
        children: build(page.id),
        ...(page.type === 'document' ? { markdown: page.documentHash ? (documents.get(page.documentHash) ?? '') : '' } : {}),
      }),
    );
  return build(null);
}

export function presentFile(file: FileEntry, loc: ContentLocation, links: Links) {
  return {
    id: file.id,
    name: file.name,
    contentType: file.contentType,
    downloadURL: links.api(`/spaces/${loc.spaceId}/revisions/${loc.revisionId}/files/${file.id}/download`),
    size: file.size,
    ...(file.dimensions ? { dimensions: file.dimensions } : {}),
  };
}

export function presentRevision(revision: RevisionRow, loc: ContentLocation, links: Links, documents: Map<string, string>) {
  return {
    object: 'revision' as const,
    id: revision.id,
    parents: revision.parents,
    pages: presentPageTree(revision.pages, loc, links, documents),
    files: revision.files.map((f) => presentFile(f, loc, links)),
    reusableContents: [],
    tags: [],
    variables: revision.variables,
    createdAt: iso(revision.created_at)!,
    type: revision.type,
    urls: { app: appUrl(loc, links, '') },
  };
}
