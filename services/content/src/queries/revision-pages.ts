import { pagePaths } from '../domain/revision/tree';
import type { PageNode } from '../domain/revision/types';
import type { RevisionRow } from '../data/revisions';

/** What reads of one page look up in a revision's tree: each page by id and by path, and each page's path. */
export interface RevisionPages {
  byId: ReadonlyMap<string, PageNode>;
  byPath: ReadonlyMap<string, PageNode>;
  paths: ReadonlyMap<string, string>;
}

/**
 * A revision's pages indexed once per kept revision rather than walked on every read: a page of a 100,000-page
 * space is a look-up, not a pass over the tree (issue 28). Revisions never change, so the index lives as long
 * as the row's page list does; a kept revision is weighed with it (data/revisions.ts).
 */
const indexes = new WeakMap<readonly PageNode[], RevisionPages>();

export function revisionPages(revision: Pick<RevisionRow, 'pages'>): RevisionPages {
  let index = indexes.get(revision.pages);
  if (!index) {
    const paths = pagePaths(revision.pages);
    const byPath = new Map<string, PageNode>();
    // The first page in list order keeps a path two pages share, as the walk over the list found it.
    for (const page of revision.pages) if (!byPath.has(paths.get(page.id)!)) byPath.set(paths.get(page.id)!, page);
    index = { byId: new Map(revision.pages.map((page) => [page.id, page])), byPath, paths };
    indexes.set(revision.pages, index);
  }
  return index;
}
