import type { Caller } from '@dp/auth';
import { badRequest, type ListParams } from '@dp/http';
import type { SpacesSearchResults } from '@dp/contracts';
import type { PublishedContentApi } from '../clients/content';
import type { SitesContext } from '../context';
import { MAX_SEARCHED_SPACES, readablePageIds, readableResults, scopeOf, siteSpacesInScope, type SearchableSiteSpace } from '../domain/site-search';
import { SITE_READ } from '../domain/site-rules';
import type { SiteSpaceWithSpace } from '../data/site-spaces';
import { loadAuthorizedSite } from './load-site';
import { loadSiteStructure, type SiteStructure } from './site-structure';
import type { SiteSearchBody } from '../schemas/site-search';

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
export async function searchSite(ctx: SitesContext, content: PublishedContentApi, caller: Caller, organizationId: string, siteId: string, body: SiteSearchBody, params: ListParams): Promise<SpacesSearchResults> {
  const { site } = await loadAuthorizedSite(ctx.db, caller, organizationId, siteId, SITE_READ);
  const siteSpaces = siteSpacesInScope(searchable(await loadSiteStructure(ctx.db, site.id)), scopeOf(body));
  const revisions = new Map(siteSpaces.map((ss) => [ss.spaceId, ss.revisionId]));
  const spaceIds = [...revisions.keys()].slice(0, MAX_SEARCHED_SPACES);
  if (spaceIds.length === 0) {
    if (body.siteSpaceIds || (body.scope && body.scope.mode === 'specific')) throw badRequest('body: none of the site spaces named is a site space of this site');
    return { count: 0, items: [] };
  }
  const results = await content.search({ query: body.query, spaceIds, ...(params.limit ? { limit: params.limit } : {}), ...(params.page ? { page: params.page } : {}) });
  const trees = new Map(
    await Promise.all(results.items.map(async (space) => [space.id, readablePageIds((await content.tree(space.id, revisions.get(space.id) ?? ''))?.pages ?? [])] as const)),
  );
  return readableResults(results, (spaceId) => trees.get(spaceId));
}
