import type { OnBehalfOf } from '@dp/http';
import { identityApi } from '../clients/identity';
import { changeRequestJson } from './change-request-json';
import type { LoadedContent } from './load-content';
import type { ContentContext } from '../context';
import { loadDocuments } from '../data/documents';
import type { LinkGroup } from '../domain/links';
import { pagePaths } from '../domain/revision/tree';
import { presentLocatedPage, type LocationContext } from '../presenters/links';
import { presentFile, presentPage } from '../presenters/revision';
import { spaceJson } from './space-json';

/**
 * The objects a link location embeds (presenters/links.ts, docs/adr/0030): the organization as identity
 * presents it to the caller, the space and the change request as their own reads do, and the pages and files
 * of the revision read, presented on demand (a list names only a few of them: `pageIds`, whose documents are
 * loaded in one query).
 */
export async function linkLocationContext(ctx: ContentContext, loaded: LoadedContent, on: OnBehalfOf, pageIds: Iterable<string>): Promise<LocationContext> {
  const { space, role, changeRequest: cr, revision, location } = loaded;
  const pages = new Map(revision.pages.map((p) => [p.id, p]));
  const hashes = [...new Set(pageIds)].flatMap((id) => pages.get(id)?.documentHash ?? []);
  const [organization, spaceObject, changeRequest, documents] = await Promise.all([
    identityApi(ctx.services.identity).organization(space.organization_id, on),
    spaceJson(ctx.db, space, role, ctx.links),
    cr ? changeRequestJson(ctx, cr, space.revision_id) : undefined,
    loadDocuments(ctx.db, hashes),
  ]);
  const files = new Map(revision.files.map((f) => [f.id, f]));
  let paths: Map<string, string> | undefined;
  return {
    organization,
    space: spaceObject,
    ...(changeRequest ? { versionContext: { type: 'changeRequest' as const, changeRequest } } : {}),
    page(id) {
      const page = pages.get(id);
      if (!page) return undefined;
      paths ??= pagePaths(revision.pages);
      // A document page carries its document (official RevisionPageDocument): here as markdown.
      const markdown = page.documentHash ? (documents.get(page.documentHash) ?? '') : '';
      return presentLocatedPage(presentPage(page, paths.get(id)!, location, ctx.links, page.type === 'document' ? { markdown } : {}));
    },
    file(id) {
      const file = files.get(id);
      return file && presentFile(file, location, ctx.links);
    },
  };
}


/** The pages a page of link groups names, as targets or as linking pages. */
export function pagesNamedBy(groups: LinkGroup[]): string[] {
  return groups.flatMap((g) => [...(g.target.kind === 'page' || g.target.kind === 'anchor' ? [g.target.page] : []), ...g.from]);
}
