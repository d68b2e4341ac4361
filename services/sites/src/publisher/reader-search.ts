import type { SpacesSearchResults } from '@dp/contracts';
import { HttpError } from '@dp/http';
import { MAX_SEARCHED_SPACES, readablePageIds, readableResults } from '../domain/site-search';
import type { ContentCache } from './content-cache';
import { linkedPath } from './nav-tree';
import type { SearchHit } from './search-html';
import { hrefOf, pageUrl, spacePlacements } from './site-urls';
import type { VisibleStructure } from './visible-structure';

/** Pages one search shows a reader. */
export const READER_SEARCH_LIMIT = 20;

/**
 * A reader's search (docs/adr/0090): the live content of the spaces of the site spaces this visitor sees (none
 * hidden by a condition), without hidden pages (nor pages under them), each hit a link to its published page,
 * each section to its anchor. A space shown in several site spaces links to the first one, in site order.
 */
export async function readerSearch(content: ContentCache, mount: string, structure: VisibleStructure, query: string): Promise<SearchHit[]> {
  const placements = spacePlacements(mount, structure);
  const spaceIds = [...placements.keys()].slice(0, MAX_SEARCHED_SPACES);
  if (spaceIds.length === 0) return [];
  let results: SpacesSearchResults;
  try {
    results = await content.search({ query, spaceIds, limit: READER_SEARCH_LIMIT });
  } catch (err) {
    // A query content cannot search (nothing but symbols) finds nothing; its failures stay failures.
    if (err instanceof HttpError && err.status === 400) return [];
    throw err;
  }
  const revisions = new Map(await Promise.all(results.items.map(async (space) => [space.id, await content.revision(space.id, placements.get(space.id)?.revisionId ?? '')] as const)));
  const readable = readableResults(results, (spaceId) => {
    const revision = revisions.get(spaceId);
    return revision ? readablePageIds([...revision.index.byId.values()]) : undefined;
  });
  return readable.items
    .flatMap((space) => space.pages.map((page) => ({ space, page })))
    .sort((a, b) => a.page.rank - b.page.rank)
    .flatMap(({ space, page }) => {
      const revision = revisions.get(space.id);
      const placement = placements.get(space.id);
      const node = revision?.index.byId.get(page.id);
      if (!revision || !placement || !node) return [];
      const href = hrefOf(pageUrl(placement.base, linkedPath(node, revision.index.home)));
      return [
        {
          title: page.title,
          href,
          ancestors: page.ancestors.map((a) => a.title),
          sections: (page.sections ?? []).filter((s) => s.resultType !== 'page').map((s) => ({ title: s.title, href: s.id ? `${href}#${encodeURIComponent(s.id)}` : href, excerpt: s.body })),
        },
      ];
    });
}
