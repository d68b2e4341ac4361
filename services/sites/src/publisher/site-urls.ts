import type { LayoutSiteSpace } from './site-layout';
import type { VisibleSection, VisibleStructure } from './visible-structure';

/**
 * Where things of a published site are, under its mount (the URL path the visitor reached the site at:
 * `/<organizationId>/<siteId>`, or a proxy's path). The same rules as the api's `urls.published`
 * (domain/site-structure-rules.ts, docs/adr/0038): the default section at the site's URL, the others at
 * `/<path>`; a section's default site space at the section's URL, the others at `<section URL>/<path>`; a
 * page at `<site space URL>/<page path>`, the first page at the site space's URL itself. Pure.
 */

/** Path segments reserved by the publisher at a site's root (a section or page there is shadowed). */
export const FILES_SEGMENT = '.files';
export const SITEMAP = 'sitemap.xml';
/** `sitemap-<n>.xml`: a part of a sitemap too long for one file (./indexing.ts `sitemapFile`). */
export const sitemapPartFile = (part: number) => `sitemap-${part}.xml`;
/** The part a segment names (`sitemap-3.xml`: 3), if it names one. */
export function sitemapPartOf(segment: string | undefined): number | undefined {
  const match = segment && /^sitemap-([1-9][0-9]{0,5})\.xml$/.exec(segment);
  return match ? Number(match[1]) : undefined;
}
export const ROBOTS = 'robots.txt';
export const LLMS = 'llms.txt';
/** Where a collapsed part of a big space's navigation is loaded from (issue 24). */
export const NAV_SEGMENT = '.nav';
export const LLMS_FULL = 'llms-full.txt';
/** `<mount>/.search?q=`: the reader's search (docs/adr/0090). */
export const SEARCH_SEGMENT = '.search';
/** Where a page's "Was this page helpful?" posts (docs/adr/0093). */
export const FEEDBACK_SEGMENT = '.feedback';

const under = (base: string, path: string) => (path ? `${base}/${path}` : base);
/** A URL path is never empty: the root of a host is `/`. */
export const hrefOf = (path: string) => path || '/';

export const sectionUrl = (mount: string, section: Pick<VisibleSection, 'path' | 'isDefault'>) => (section.isDefault ? mount : under(mount, section.path));
export const siteSpaceUrl = (sectionBase: string, siteSpace: Pick<LayoutSiteSpace, 'path' | 'isDefault'>) => (siteSpace.isDefault ? sectionBase : under(sectionBase, siteSpace.path));
export const pageUrl = (siteSpaceBase: string, pagePath: string) => under(siteSpaceBase, pagePath);
export const fileUrl = (mount: string, file: { spaceId: string; revisionId: string; fileId: string; name: string }) =>
  `${mount}/${FILES_SEGMENT}/${encodeURIComponent(file.spaceId)}/${encodeURIComponent(file.revisionId)}/${encodeURIComponent(file.fileId)}/${encodeURIComponent(file.name)}`;

export const navFragmentUrl = (mount: string, node: { spaceId: string; revisionId: string; nodeId: string }) =>
  `${mount}/${NAV_SEGMENT}/${encodeURIComponent(node.spaceId)}/${encodeURIComponent(node.revisionId)}/${encodeURIComponent(node.nodeId)}`;

/** A page of the site, as addressed by the segments after the mount. */
export interface PageAddress {
  section: VisibleSection;
  siteSpace: LayoutSiteSpace;
  /** The page's path in its space ('': the first page). */
  pagePath: string;
}

/**
 * Reads the segments after the mount: a section's path first (else the home section), then a site space's
 * path in that section (else its home site space), the rest is the page's path. So a section or site space
 * shadows a page of the same path. Undefined when the site shows nothing to this visitor.
 */
export function resolvePagePath(structure: VisibleStructure, segments: string[]): PageAddress | undefined {
  if (!structure.home) return undefined;
  let rest = segments;
  let section = structure.home;
  const named = structure.sectioned && rest.length ? structure.sections.find((s) => s.path === rest[0]) : undefined;
  if (named) {
    section = named;
    rest = rest.slice(1);
  }
  let siteSpace = section.home;
  const namedSpace = rest.length ? section.siteSpaces.find((ss) => ss.path === rest[0]) : undefined;
  if (namedSpace) {
    siteSpace = namedSpace;
    rest = rest.slice(1);
  }
  return { section, siteSpace, pagePath: rest.join('/') };
}

/** The URL of a site space shown in a section, for links between them. */
export const siteSpaceUrlIn = (mount: string, section: VisibleSection, siteSpace: LayoutSiteSpace) => siteSpaceUrl(sectionUrl(mount, section), siteSpace);

/** Where a space is read on the site: its first visible site space, in site order (its URL and live revision). */
export interface SpacePlacement {
  base: string;
  revisionId: string;
}

/** Each space the visitor sees on the site, at its first site space in site order (`only`: just these spaces). */
export function spacePlacements(mount: string, structure: VisibleStructure, only?: ReadonlySet<string>): Map<string, SpacePlacement> {
  const placements = new Map<string, SpacePlacement>();
  for (const section of structure.sections) {
    for (const siteSpace of section.siteSpaces) {
      if ((!only || only.has(siteSpace.spaceId)) && !placements.has(siteSpace.spaceId)) placements.set(siteSpace.spaceId, { base: siteSpaceUrlIn(mount, section, siteSpace), revisionId: siteSpace.revisionId });
    }
  }
  return placements;
}

