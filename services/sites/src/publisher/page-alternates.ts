import type { ContentCache } from './content-cache';
import { linkedPath, type TreePage } from './nav-tree';
import { canonicalOf, type SiteRequest } from './site-requests';
import { hrefOf, pageUrl, spacePlacements, type PageAddress } from './site-urls';
import type { VisibleStructure } from './visible-structure';

/** A `<link rel="alternate" hreflang>` of a published page: the same page in another language, on this site. */
export interface HreflangLink {
  language: string;
  href: string;
}

/**
 * The hreflang links of a page (docs/adr/0105): its translations (content's page maps) that this visitor sees
 * on this site, each at its canonical URL, and the page itself when its space says its language. A page with no
 * translation shown gets none. One link per language (the first in site order), sorted by language. Pure.
 */
export function hreflangLinks(own: { language?: string; href: string }, translations: HreflangLink[]): HreflangLink[] {
  if (translations.length === 0) return [];
  const byLanguage = new Map<string, HreflangLink>();
  for (const link of [...(own.language ? [{ language: own.language, href: own.href }] : []), ...translations]) {
    const key = link.language.toLowerCase();
    if (!byLanguage.has(key)) byLanguage.set(key, link);
  }
  return [...byLanguage.values()].sort((a, b) => a.language.localeCompare(b.language));
}

/**
 * Where a page's translations are published on the site the visitor reads: each alternate in a space the visitor
 * sees (its site space in the page's own section first, else the first in site order), as long as its page is in
 * that space's live revision and may be indexed.
 */
export async function translationsOnSite(
  content: ContentCache,
  found: Pick<SiteRequest, 'mount' | 'canonicalBase'>,
  structure: VisibleStructure,
  address: PageAddress,
  page: TreePage,
): Promise<HreflangLink[]> {
  const alternates = await content.alternates(address.siteSpace.spaceId, page.id);
  if (!alternates?.items.length) return [];
  const spaces = new Set(alternates.items.map((a) => a.space));
  const placements = spacePlacements(found.mount, { ...structure, sections: [address.section, ...structure.sections] }, spaces);
  const links: HreflangLink[] = [];
  for (const alternate of alternates.items) {
    const placement = placements.get(alternate.space);
    const revision = placement && (await content.revision(alternate.space, placement.revisionId));
    const translated = revision?.index.byId.get(alternate.page);
    if (!placement || !revision || !translated || translated.type !== 'document' || translated.noIndex || translated.noRobotsIndex) continue;
    links.push({ language: alternate.language, href: canonicalOf(found, hrefOf(pageUrl(placement.base, linkedPath(translated, revision.index.home)))) });
  }
  return links;
}
