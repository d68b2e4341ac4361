import type { Caller } from '@dp/auth';
import { badRequest } from '@dp/http';
import type { SitesContext } from '../context';
import { updateSitePublishingAuth, type PublishingAuthPatch, type SitePublishingAuthRow } from '../data/site-publishing-auth';
import { backendProblem } from '../domain/site-publishing-auth';
import type { UpdateSitePublishingAuthBody } from '../schemas/site-publishing-auth';
import { announcePublishingAuthChange, loadPublishingAuthForManager } from './ensure-site-publishing-auth';

/** PATCH SITE/publishing/auth: the backend, and the fallback and logout URLs (null unsets one, omitted keeps it). */
export async function updatePublishingAuth(ctx: SitesContext, caller: Caller, organizationId: string, siteId: string, input: UpdateSitePublishingAuthBody): Promise<SitePublishingAuthRow> {
  return ctx.db.transaction(async (trx) => {
    const { site } = await loadPublishingAuthForManager(trx, caller, organizationId, siteId);
    // After authorization: a read member or a stranger learns nothing from the body's rules.
    const problem = backendProblem(input.backend);
    if (problem) throw badRequest(problem);
    const patch: PublishingAuthPatch = {
      backend: input.backend,
      ...(input.fallbackURL !== undefined ? { fallback_url: input.fallbackURL } : {}),
      ...(input.logoutURL !== undefined ? { logout_url: input.logoutURL } : {}),
    };
    const row = await updateSitePublishingAuth(trx, site.id, patch);
    await announcePublishingAuthChange(ctx, trx, site);
    return row;
  });
}
