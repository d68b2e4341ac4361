import type { Knex } from 'knex';
import { liveRedirectCandidates } from '../data/site-redirects';
import { bestMatch, capturedSuffix, redirectStatus, withSuffix } from '../domain/site-redirects';
import type { RedirectDestination } from '../schemas/site-redirects';
import type { ContentCache, RevisionContent } from './content-cache';
import { linkedPath } from './nav-tree';
import type { SiteRequest } from './site-requests';
import { hrefOf, pageUrl, sectionUrl, siteSpaceUrlIn, type PageAddress } from './site-urls';
import type { VisibleStructure } from './visible-structure';

/**
 * The site's live redirect for a path that shows no page (docs/adr/0088), asked only where the publisher would
 * answer 404: the exact source, else the longest wildcard one, sent where this visitor can go. A destination the
 * visitor does not see (a section or site space hidden by a condition, a page gone from the space) is no
 * redirect: the 404 stands, and says nothing of what is behind it.
 */
export async function redirectFor(db: Knex, content: ContentCache, found: SiteRequest, structure: VisibleStructure): Promise<{ status: 307 | 308; location: string } | undefined> {
  const path = `/${found.segments.join('/')}`;
  const candidates = await liveRedirectCandidates(db, found.view.site.id, path);
  const match = bestMatch(path, candidates.map((row) => ({ row, matchPath: row.match_path, wildcard: row.wildcard })));
  if (!match) return undefined;
  const base = await destinationHref(content, found.mount, structure, match.row.destination);
  if (base === undefined) return undefined;
  const location = match.row.capture_wildcard ? withSuffix(base, capturedSuffix(path.replace(/\/+$/, ''), match)) : base;
  return { status: redirectStatus(match.row.permanent, found.view.site.visibility === 'public'), location };
}

async function destinationHref(content: ContentCache, mount: string, structure: VisibleStructure, destination: RedirectDestination): Promise<string | undefined> {
  if (destination.kind === 'external') return destination.url;
  if (destination.kind === 'site-section') {
    const section = structure.sections.find((s) => s.id === destination.siteSectionId);
    return section && hrefOf(sectionUrl(mount, section));
  }
  const section = structure.sections.find((s) => s.siteSpaces.some((ss) => ss.id === destination.siteSpaceId));
  const siteSpace = section?.siteSpaces.find((ss) => ss.id === destination.siteSpaceId);
  if (!section || !siteSpace) return undefined;
  const base = siteSpaceUrlIn(mount, section, siteSpace);
  if (destination.kind === 'site-space') return hrefOf(base);
  const revision = await content.revision(siteSpace.spaceId, siteSpace.revisionId);
  const page = revision?.index.byId.get(destination.pageId);
  return revision && page && page.type === 'document' ? hrefOf(pageUrl(base, linkedPath(page, revision.index.home))) : undefined;
}

/**
 * Where a page that moved now is (docs/adr/0089): content remembers the paths its pages left in merges, and a
 * reader at an old path of a page still in the space is sent to its page (as a permanent move). A `.md` stays a `.md`.
 */
export async function movedPageFor(content: ContentCache, found: SiteRequest, address: PageAddress, revision: RevisionContent): Promise<{ status: 307 | 308; location: string } | undefined> {
  if (address.pagePath === '') return undefined;
  const former = await content.formerPage(revision.spaceId, revision.revisionId, address.pagePath);
  const page = former && revision.index.byId.get(former.pageId);
  if (!page || page.type !== 'document') return undefined;
  const href = hrefOf(pageUrl(siteSpaceUrlIn(found.mount, address.section, address.siteSpace), linkedPath(page, revision.index.home)));
  const location = found.markdown ? `${href === '/' ? '' : href}.md` : href;
  return { status: redirectStatus(true, found.view.site.visibility === 'public'), location };
}
