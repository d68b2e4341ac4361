import type { Caller } from '@dp/auth';
import { notFound } from '@dp/http';
import type { Links } from '@dp/http';
import type { PublishedContentApi } from '../clients/content';
import type { SitesContext } from '../context';
import { listSiteRedirects, liveRedirectCandidates, type SiteRedirectRow } from '../data/site-redirects';
import { findSection } from '../data/site-sections';
import { findSiteSpace } from '../data/site-spaces';
import type { SiteRow } from '../data/sites';
import { bestMatch, capturedSuffix, matchKey, withSuffix } from '../domain/site-redirects';
import { SITE_READ, siteAddresses, siteSpacePublishedUrl } from '../domain/site-rules';
import { sectionPublishedUrl } from '../domain/site-structure-rules';
import { indexPages, linkedPath } from '../publisher/nav-tree';
import type { RedirectDestination } from '../schemas/site-redirects';
import { loadAuthorizedSite } from './load-site';

/** GET SITE/redirects. */
export async function readSiteRedirects(ctx: SitesContext, caller: Caller, organizationId: string, siteId: string, params: Parameters<typeof listSiteRedirects>[2]) {
  const { site } = await loadAuthorizedSite(ctx.db, caller, organizationId, siteId, SITE_READ);
  return listSiteRedirects(ctx.db, site.id, params);
}

/**
 * GET SITE/redirect?source=: the live redirect a reader at `source` follows (as the publisher picks it: the exact
 * source, else the longest wildcard) and the URL it sends them to; a 404 when none applies or its destination is gone.
 */
export async function readRedirectBySource(ctx: SitesContext, content: PublishedContentApi, caller: Caller, organizationId: string, siteId: string, source: string): Promise<{ redirect: SiteRedirectRow; target: string }> {
  const { site } = await loadAuthorizedSite(ctx.db, caller, organizationId, siteId, SITE_READ);
  const path = matchKey(source)?.matchPath;
  const candidates = path === undefined ? [] : await liveRedirectCandidates(ctx.db, site.id, path);
  const redirect = path === undefined ? undefined : bestMatch(path, candidates.map((row) => ({ row, matchPath: row.match_path, wildcard: row.wildcard })));
  const base = redirect && (await destinationUrl(ctx, content, site, redirect.row.destination));
  if (!redirect || !path || !base) throw notFound('Site redirect');
  return { redirect: redirect.row, target: redirect.row.capture_wildcard ? withSuffix(base, capturedSuffix(path, redirect)) : base };
}

/** Where a destination is published (the site's address when it is not published: where it will be). */
async function destinationUrl(ctx: { db: SitesContext['db']; links: Links }, content: PublishedContentApi, site: SiteRow, destination: RedirectDestination): Promise<string | undefined> {
  if (destination.kind === 'external') return destination.url;
  const addresses = siteAddresses(site, ctx.links.sites);
  const siteUrl = addresses.published ?? addresses.served;
  if (destination.kind === 'site-section') {
    const section = await findSection(ctx.db, site.id, destination.siteSectionId);
    return section && sectionPublishedUrl(siteUrl, { path: section.path, isDefault: section.is_default });
  }
  const siteSpace = await findSiteSpace(ctx.db, site.id, destination.siteSpaceId);
  if (!siteSpace) return undefined;
  const sectionUrl = siteSpace.section_path === null ? siteUrl : sectionPublishedUrl(siteUrl, { path: siteSpace.section_path, isDefault: siteSpace.section_is_default === true });
  const siteSpaceUrl = siteSpacePublishedUrl(sectionUrl, { path: siteSpace.path, isDefault: siteSpace.is_default });
  if (!siteSpaceUrl || destination.kind === 'site-space') return siteSpaceUrl;
  const tree = await content.tree(siteSpace.space_id, siteSpace.space.revision_id);
  const index = tree && indexPages(tree.pages);
  const page = index?.byId.get(destination.pageId);
  if (!index || !page) return undefined;
  const pagePath = linkedPath(page, index.home);
  return pagePath ? `${siteSpaceUrl.replace(/\/+$/, '')}/${pagePath}` : siteSpaceUrl;
}


