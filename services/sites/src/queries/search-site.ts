import type { Caller } from '@dp/auth';
import { badRequest, type ListParams } from '@dp/http';
import type { SpacesSearchResults } from '@dp/contracts';
import type { PublishedContentApi } from '../clients/content';
import type { SitesContext } from '../context';
import { MAX_SEARCHED_SPACES, readableResults, scopeOf, siteSpacesInScope, type SearchableSiteSpace, type SearchScope } from '../domain/site-search';
import { SITE_READ } from '../domain/site-rules';
import type { SiteSpaceWithSpace } from '../data/site-spaces';
import { loadAuthorizedSite } from './load-site';
import { loadSiteStructure, type SiteStructure } from './site-structure';
import type { SiteSearchBody } from '../schemas/site-search';
import type { ReadablePages } from './readable-pages';

/** Every site space of the structure, in site order, with its section and whether it is that section's default. */
function searchable(structure: SiteStructure): Array<SearchableSiteSpace & { revisionId: string }> {
  const of = (sectionId: string, rows: SiteSpaceWithSpace[]) => rows.map((ss) => ({ id: ss.id, spaceId: ss.space_id, sectionId, isDefault: ss.is_default, revisionId: ss.space.revision_id, deleted: ss.space.deleted_at !== null }));
  const all =
    structure.type === 'siteSpaces'
      ? of('', structure.siteSpaces)
      : structure.items.flatMap((item) => (item.kind === 'section' ? [item] : item.sections)).flatMap((s) => of(s.section.id, s.siteSpaces));
  return all.filter((ss) => !ss.deleted);
}

/**
 * POST SITE/search: the live content of the site spaces the scope covers, as the official list of
 * SearchSpaceResult; hidden pages (and pages under them) are never found, as on the published site.
 */
export async function searchSite(ctx: SitesContext, content: PublishedContentApi, readable: ReadablePages, caller: Caller, organizationId: string, siteId: string, body: SiteSearchBody, params: ListParams): Promise<SpacesSearchResults> {
  const siteSpaces = await siteSpacesSearched(ctx, caller, organizationId, siteId, scopeOf(body));
  const revisions = new Map(siteSpaces.map((ss) => [ss.spaceId, ss.revisionId]));
  const spaceIds = [...revisions.keys()].slice(0, MAX_SEARCHED_SPACES);
  if (spaceIds.length === 0) {
    if (body.siteSpaceIds || (body.scope && body.scope.mode === 'specific')) throw badRequest('body: none of the site spaces named is a site space of this site');
    return { count: 0, items: [] };
  }
  const results = await content.search({ query: body.query, spaceIds, ...(params.limit ? { limit: params.limit } : {}), ...(params.page ? { page: params.page } : {}) });
  const trees = new Map(await Promise.all(results.items.map(async (space) => [space.id, await readable(space.id, revisions.get(space.id) ?? '')] as const)));
  return readableResults(results, (spaceId) => trees.get(spaceId));
}

/** The live site spaces a scope covers, for a caller who may read the site. */
async function siteSpacesSearched(ctx: SitesContext, caller: Caller, organizationId: string, siteId: string, scope: SearchScope) {
  const { site } = await loadAuthorizedSite(ctx.db, caller, organizationId, siteId, SITE_READ);
  return siteSpacesInScope(searchable(await loadSiteStructure(ctx.db, site.id)), scope);
}

/** How many spaces' pages a prewarm asks content for at once. */
const PREWARM_CONCURRENCY = 8;

/**
 * POST SITE/search/prewarm: the readable pages of every space a search of the site may cover, read ahead
 * into the cache search filters its results with, so the visitor's first search asks content only to search.
 */
export async function prewarmSiteSearch(ctx: SitesContext, readable: ReadablePages, caller: Caller, organizationId: string, siteId: string): Promise<void> {
  const siteSpaces = (await siteSpacesSearched(ctx, caller, organizationId, siteId, { mode: 'all' })).slice(0, MAX_SEARCHED_SPACES);
  for (let i = 0; i < siteSpaces.length; i += PREWARM_CONCURRENCY) {
    await Promise.all(siteSpaces.slice(i, i + PREWARM_CONCURRENCY).map((ss) => readable(ss.spaceId, ss.revisionId)));
  }
}
