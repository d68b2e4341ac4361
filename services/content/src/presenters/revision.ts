import { iso, type Links } from '@dp/http';
import type { RevisionRow } from '../data/revisions';
import { childrenByParent } from '@dp/ordering';
import { pagePaths } from '../domain/revision/tree';
import type { FileEntry, PageNode, ReusableContentEntry } from '../domain/revision/types';

export interface ContentLocation {
  spaceId: string;
  /** Set for a change request's content. */
  changeRequestId?: string;
  revisionId: string;
  /** Read by its revision id (`/spaces/{spaceId}/revisions/{revisionId}`): its links point at that revision. */
  pinned?: boolean;
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

/** A document's id as pages present it: the start of the hash it is stored under. */
export const documentIdOf = (documentHash: string) => documentHash.slice(0, 20);

/** The official RevisionReusableContent: its title and its document's id (none: it is empty). */
export const presentReusableContent = (r: ReusableContentEntry) => ({ id: r.id, title: r.title, ...(r.documentHash ? { document: documentIdOf(r.documentHash) } : {}) });

/** A page's layout as the official RevisionPageLayoutOptions: what it sets over GitBook's defaults. */
export const presentLayout = (layout: PageNode['layout']) => (layout ? { ...DEFAULT_LAYOUT, ...layout } : DEFAULT_LAYOUT);

function appUrl(loc: ContentLocation, links: Links, tail: string): string {
  if (loc.pinned) return links.app(`/s/${loc.spaceId}/~/revisions/${loc.revisionId}${tail}`);
  return loc.changeRequestId ? links.app(`/s/${loc.spaceId}/~/changes/${loc.changeRequestId}${tail}`) : links.app(`/s/${loc.spaceId}${tail}`);
}

/**
 * One page; `markdown` only when given. Built property by property (no spreads): a 5,000-page tree
 * presents thousands of these per request.
 */
export function presentPage(page: PageNode, path: string, loc: ContentLocation, links: Links, opts: { markdown?: string; children?: unknown[] } = {}) {
  const out: Record<string, unknown> = { id: page.id, title: page.title };
  if (page.emoji) out.emoji = page.emoji;
  if (page.icon) out.icon = page.icon;
  out.createdAt = page.createdAt;
  out.updatedAt = page.updatedAt;
  if (page.condition) out.condition = page.condition;
  out.kind = page.type === 'group' ? 'group' : 'sheet';
  out.type = page.type;
  out.slug = page.slug;
  out.path = path;
  out.hidden = page.hidden;
  out.noIndex = page.noIndex;
  out.noRobotsIndex = page.noRobotsIndex;
  out.pages = opts.children ?? [];
  if (page.type === 'group') return out;
  if (page.description) out.description = page.description;
  if (page.documentHash) out.documentId = documentIdOf(page.documentHash);
  if (opts.markdown !== undefined) out.markdown = opts.markdown;
  out.layout = presentLayout(page.layout);
  out.tags = [];
  out.urls = { app: appUrl(loc, links, `/${path}`) };
  return out;
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

/** A revision in a space's history: the official Revision's summary fields (schemas/content.ts `revisionSummary`). */
export function presentRevisionSummary(revision: Pick<RevisionRow, 'id' | 'parents' | 'type' | 'created_at'>, spaceId: string, links: Links) {
  return {
    object: 'revision' as const,
    id: revision.id,
    parents: revision.parents,
    type: revision.type,
    createdAt: iso(revision.created_at)!,
    urls: { location: links.api(`/spaces/${spaceId}/revisions/${revision.id}`) },
  };
}

export function presentRevision(revision: RevisionRow, loc: ContentLocation, links: Links, documents: Map<string, string>) {
  return {
    object: 'revision' as const,
    id: revision.id,
    parents: revision.parents,
    pages: presentPageTree(revision.pages, loc, links, documents),
    files: revision.files.map((f) => presentFile(f, loc, links)),
    reusableContents: revision.reusable_contents.map(presentReusableContent),
    tags: [],
    variables: revision.variables,
    createdAt: iso(revision.created_at)!,
    type: revision.type,
    ...(revision.git ? { git: revision.git } : {}),
    urls: { app: appUrl(loc, links, '') },
  };
}

/**
 * The Revision body with `mergedFrom` (the official merge variant requires the merged change request). The
 * revision's JSON never changes and is rendered once (http/content.ts); the change request's does (comments,
 * status), so it is added to the rendered text on each read rather than cached with it.
 */
export function withMergedFrom(renderedRevision: string, mergedFrom: object | undefined): string {
  if (!mergedFrom) return renderedRevision;
  return `{"mergedFrom":${JSON.stringify(mergedFrom)},${renderedRevision.slice(1)}`;
}
