import type { Links } from '@dp/http';
import type { PageHit, SectionHit } from '../data/search-index';
import { groupBySpace } from '../domain/search/cursor';

export type ShownSection = SectionHit & { excerpt: string };

export interface RankedPage {
  hit: PageHit;
  /** One-based position in the whole ranked result set. */
  rank: number;
  /** The page's sections to show, best first (see matchingSections). */
  sections: ShownSection[];
}

/**
 * A page result (official SearchPageResult). `resultType` says whether the page title matched or only its
 * sections did; a section's `path` is `<page path>#<anchor>` (the page path alone for the text before the
 * first heading), and `body` is the matching excerpt of its text.
 */
export function presentSearchPage({ hit, rank, sections }: RankedPage, links: Links) {
  const pageUrl = (path: string) => links.app(`/s/${hit.space_id}/${path}`);
  return {
    id: hit.page_id,
    title: hit.title,
    description: hit.description,
    path: hit.path,
    score: hit.score,
    rank,
    resultType: hit.title_match ? ('page' as const) : ('section' as const),
    ancestors: hit.ancestors.map((title) => ({ title })),
    sections: sections.map((s) => {
      const path = s.section_id ? `${hit.path}#${s.section_id}` : hit.path;
      return {
        id: s.section_id,
        title: s.title,
        path,
        score: s.score,
        resultType: s.own ? ('section' as const) : ('page' as const),
        body: s.excerpt,
        urls: { app: pageUrl(path) },
      };
    }),
    urls: { app: pageUrl(hit.path) },
  };
}

/** A space's group of page results in an organization search (official SearchSpaceResult). */
export function presentSearchSpace(space: { id: string; title: string }, pages: RankedPage[], links: Links) {
  return {
    type: 'space' as const,
    id: space.id,
    title: space.title,
    score: Math.max(...pages.map((p) => p.hit.score)),
    pages: pages.map((p) => presentSearchPage(p, links)),
  };
}

/** Page results grouped by space, in rank order: the list of official SearchSpaceResult. */
export const presentSearchSpaces = (pages: RankedPage[], links: Links) =>
  groupBySpace(pages.map((p) => ({ ...p, spaceId: p.hit.space_id }))).map(({ spaceId, results }) => presentSearchSpace({ id: spaceId, title: results[0].hit.space_title }, results, links));

