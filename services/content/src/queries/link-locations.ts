import type { OnBehalfOf } from '@dp/http';
import { identityApi } from '../clients/identity';
import { changeRequestJson } from './change-request-json';
import type { LoadedContent } from './load-content';
import type { ContentContext } from '../context';
import { revisionPages } from './revision-pages';
import { presentLocatedPage, type LocationContext } from '../presenters/links';
import { presentFile, presentPage } from '../presenters/revision';
import { spaceJson } from './space-json';

/**
 * The objects a link location embeds (presenters/links.ts, docs/adr/0030): the organization as identity
 * presents it to the caller, the space and the change request as their own reads do, and the pages and files
 * of the revision read, presented on demand. A page comes without its document (no `markdown`): a location
 * names a page, and its body repeated in every location made a list megabytes (docs/adr/0061); a client reads
 * the page itself for it.
 */
export async function linkLocationContext(ctx: ContentContext, loaded: LoadedContent, on: OnBehalfOf): Promise<LocationContext> {
  const { space, role, changeRequest: cr, revision, location } = loaded;
  const { byId: pages, paths } = revisionPages(revision);
  const [organization, spaceObject, changeRequest] = await Promise.all([
    identityApi(ctx).organization(space.organization_id, on),
    spaceJson(ctx.db, space, role, ctx.links),
    cr ? changeRequestJson(ctx, cr, space.revision_id) : undefined,
  ]);
  const files = new Map(revision.files.map((f) => [f.id, f]));
  return {
    organization,
    space: spaceObject,
    ...(changeRequest ? { versionContext: { type: 'changeRequest' as const, changeRequest } } : {}),
    page(id) {
      const page = pages.get(id);
      if (!page) return undefined;
      return presentLocatedPage(presentPage(page, paths.get(id)!, location, ctx.links));
    },
    file(id) {
      const file = files.get(id);
      return file && presentFile(file, location, ctx.links);
    },
  };
}

