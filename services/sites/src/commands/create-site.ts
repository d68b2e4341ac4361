import { authorize, requireUser, type Caller } from '@dp/auth';
import { newId } from '@dp/db';
import { SitesEvents } from '@dp/events';
import type { OnBehalfOf } from '@dp/http';
import type { ContentApi } from '../clients/content';
import type { SitesContext } from '../context';
import { findSite, insertSite, type SiteWithCounts } from '../data/sites';
import { SITE_WRITE } from '../domain/site-rules';
import { attachSpace, fetchSpacesForSite, storeFreshCopies } from './add-site-space';
import type { CreateSiteBody } from '../schemas/sites';

/** Title of a site created without one (the official SiteTitle needs 2 to 128 characters). */
export const UNTITLED_SITE = 'Untitled site';

/**
 * A member who may create content creates a site, unpublished, with the given spaces (fresh from content,
 * live, of the same organization) as its site spaces in the given order; the first is the default.
 */
export async function createSite(ctx: SitesContext, content: ContentApi, who: { caller: Caller; on: OnBehalfOf }, organizationId: string, input: CreateSiteBody): Promise<SiteWithCounts> {
  authorize(who.caller, organizationId, SITE_WRITE, 'Organization');
  const userId = requireUser(who.caller);
  const spaceIds = input.spaces ?? [];
  const field = (i: number) => `body.spaces[${i}]`;
  const snapshots = await fetchSpacesForSite(content, who.on, organizationId, spaceIds, field);
  return ctx.db.transaction(async (trx) => {
    const copies = await storeFreshCopies(trx, snapshots, field);
    const site = await insertSite(trx, {
      id: newId(),
      organization_id: organizationId,
      type: input.type ?? 'basic',
      title: input.title ?? UNTITLED_SITE,
      visibility: input.visibility ?? 'public',
      created_by: userId,
    });
    for (const copy of copies) await attachSpace(trx, site, copy, userId);
    await ctx.emit(trx, SitesEvents.SITE_CREATED, { siteId: site.id, organizationId, title: site.title, visibility: site.visibility }, site.id);
    return (await findSite(trx, organizationId, site.id))!;
  });
}
