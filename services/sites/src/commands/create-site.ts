import { authorize, requireUser, type Caller, type Asker } from '@dp/auth';
import { newId } from '@dp/db';
import { SitesEvents, type SpaceSnapshot } from '@dp/events';
import type { ContentApi } from '../clients/content';
import type { SitesContext } from '../context';
import { findSite, insertSite, type SiteWithCounts } from '../data/sites';
import { newSpaceFor, type NewSpaceKind } from '../domain/new-site-space';
import { SITE_WRITE } from '../domain/site-rules';
import { attachSpace, fetchSpacesForSite, storeFreshCopies } from './add-site-space';
import type { CreateSiteBody } from '../schemas/sites';

/** Title of a site created without one (the official SiteTitle needs 2 to 128 characters). */
export const UNTITLED_SITE = 'Untitled site';

type Who = Asker;

/**
 * A member who may create content creates a site, unpublished, with its site spaces: existing spaces (fresh from
 * content, live, of the same organization) in the given order, or one new space content creates on the caller's
 * behalf (`spaces: "empty" | "sample"`); the first is the default. All or nothing across the two services: the
 * space first (a refusal leaves nothing), then the site in one transaction; if that fails, the space is deleted
 * again through content (compensation, docs/adr/0039) and the failure is answered.
 */
export async function createSite(ctx: SitesContext, content: ContentApi, who: Who, organizationId: string, input: CreateSiteBody): Promise<SiteWithCounts> {
  authorize(who.caller, organizationId, SITE_WRITE, 'Organization');
  const title = input.title ?? UNTITLED_SITE;
  if (typeof input.spaces === 'string') {
    return createSiteWithNewSpace(ctx, content, who, organizationId, input, input.spaces, title);
  }
  const field = (i: number) => `body.spaces[${i}]`;
  const snapshots = await fetchSpacesForSite(content, who.on, organizationId, input.spaces ?? [], field);
  return insertSiteWithSpaces(ctx, who.caller, organizationId, input, title, snapshots, field);
}

async function createSiteWithNewSpace(ctx: SitesContext, content: ContentApi, who: Who, organizationId: string, input: CreateSiteBody, kind: NewSpaceKind, title: string): Promise<SiteWithCounts> {
  requireUser(who.caller);
  const space = await content.createSpace(organizationId, newSpaceFor(kind, title), who.on);
  try {
    return await insertSiteWithSpaces(ctx, who.caller, organizationId, input, title, [space], () => 'body.spaces');
  } catch (err) {
    await withdrawNewSpace(ctx, content, space.id, requireUser(who.caller), err);
    throw err;
  }
}

/**
 * Compensation: the site was not made, so the space made for it goes too, withdrawn by this service (the
 * member may not delete spaces themselves). A failure here is logged, not answered.
 */
async function withdrawNewSpace(ctx: SitesContext, content: ContentApi, spaceId: string, createdBy: string, cause: unknown): Promise<void> {
  try {
    await content.withdrawSpace(spaceId, createdBy);
    ctx.log.warn({ spaceId, err: cause }, 'site creation failed: the space created for it was deleted again');
  } catch (err) {
    ctx.log.error({ spaceId, err, cause }, 'site creation failed and the space created for it could not be deleted: it is left in content');
  }
}

async function insertSiteWithSpaces(
  ctx: SitesContext,
  caller: Caller,
  organizationId: string,
  input: CreateSiteBody,
  title: string,
  snapshots: SpaceSnapshot[],
  field: (i: number) => string,
): Promise<SiteWithCounts> {
  const userId = requireUser(caller);
  return ctx.db.transaction(async (trx) => {
    const copies = await storeFreshCopies(trx, snapshots, field);
    const site = await insertSite(trx, {
      id: newId(),
      organization_id: organizationId,
      type: input.type ?? 'basic',
      title,
      visibility: input.visibility ?? 'public',
      created_by: userId,
    });
    // The site first, then its site spaces: a consumer hears of the site before what it holds.
    await ctx.emit(trx, SitesEvents.SITE_CREATED, { siteId: site.id, organizationId, title: site.title, visibility: site.visibility }, site.id);
    for (const copy of copies) await attachSpace(trx, site, copy, userId, { emit: ctx.emit });
    return (await findSite(trx, organizationId, site.id))!;
  });
}
