import type { PublishedPageDocument, PublishedTree, PublishedTreePage } from '@dp/contracts';
import type { RevisionRow } from '../data/revisions';
import { treeOrder } from '@dp/ordering';
import { pagePaths } from '../domain/revision/tree';
import type { PageNode } from '../domain/revision/types';
import type { PublishedPage } from '../queries/published-content';

/** A page of the tree the sites publisher builds its navigation from (no document: it asks per page). */
function presentTreePage(page: PageNode, path: string): PublishedTreePage {
  return {
    id: page.id,
    parent: page.parent,
    type: page.type,
    title: page.title,
    slug: page.slug,
    path,
    ...(page.emoji ? { emoji: page.emoji } : {}),
    ...(page.icon ? { icon: page.icon } : {}),
    ...(page.description ? { description: page.description } : {}),
    hidden: page.hidden,
    noIndex: page.noIndex,
    noRobotsIndex: page.noRobotsIndex,
    updatedAt: page.updatedAt,
  };
}

/** `GET /internal/spaces/{spaceId}/revisions/{revisionId}/published-tree`: pages in reading order, files. */
export function presentPublishedTree(revision: RevisionRow): PublishedTree {
  const paths = pagePaths(revision.pages);
  return {
    revision: revision.id,
    pages: treeOrder(revision.pages).map((page) => presentTreePage(page, paths.get(page.id)!)),
    files: revision.files.map((f) => ({ id: f.id, name: f.name, contentType: f.contentType, size: f.size })),
  };
}

/** `GET .../published-pages/{pageId}`: the page's markdown and where its links to pages and files lead. */
export function presentPublishedPage({ page, markdown, links }: PublishedPage): PublishedPageDocument {
  return { id: page.id, markdown, links };
}
