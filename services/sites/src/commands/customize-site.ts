import type { Caller } from '@dp/auth';
import { SitesEvents } from '@dp/events';
import { badRequest, notFound, officialBodyError, officialSchemaError } from '@dp/http';
import type { Knex } from 'knex';
import type { SitesContext } from '../context';
import { deleteSiteSpaceCustomization, findSiteCustomization, putSiteCustomization, putSiteSpaceCustomization, findSiteSpaceCustomization } from '../data/site-customizations';
import { findSiteSpaceRow } from '../data/site-spaces';
import type { SiteRow } from '../data/sites';
import { customizationProblem, isJsonObject, patchedOverrides, type JsonObject } from '../domain/customization';
import { effectiveCustomization } from '../domain/customization-defaults';
import { SITE_WRITE } from '../domain/site-rules';
import { loadAuthorizedSite } from '../queries/load-site';

/** Every published page of the site is drawn from its customization: its views are dropped by this event. */
const announce = (ctx: SitesContext, trx: Knex.Transaction, site: SiteRow) =>
  ctx.emit(trx, SitesEvents.SITE_UPDATED, { siteId: site.id, organizationId: site.organization_id, title: site.title, visibility: site.visibility, changed: ['customization'] }, site.id);

/** The body, once the official schema (`problem`: why not) took it: JSON settings. */
function settingsOf(body: unknown, problem: string | undefined): JsonObject {
  if (problem) throw badRequest(problem);
  if (!isJsonObject(body)) throw badRequest('body must be an object');
  return body;
}

/** PUT SITE/customization: the official settings, replacing the site's whole (unset fields back to the defaults). */
export async function putCustomization(ctx: SitesContext, caller: Caller, organizationId: string, siteId: string, body: unknown): Promise<{ settings: JsonObject; updatedAt: Date }> {
  return ctx.db.transaction(async (trx) => {
    const { site } = await loadAuthorizedSite(trx, caller, organizationId, siteId, SITE_WRITE);
    // After authorization: a reader or a stranger learns nothing from the body's rules.
    const settings = settingsOf(body, officialSchemaError('SiteCustomizationSettingsInput', body, 'body'));
    const problem = customizationProblem(settings);
    if (problem) throw badRequest(problem);
    const row = await putSiteCustomization(trx, site.id, settings);
    await announce(ctx, trx, site);
    return { settings: effectiveCustomization(site.title, row.settings), updatedAt: row.updated_at };
  });
}

/** PATCH SITE/site-spaces/ID/customization: overrides of the site's settings for one site space (a null resets one). */
export async function overrideSiteSpaceCustomization(
  ctx: SitesContext,
  caller: Caller,
  organizationId: string,
  siteId: string,
  siteSpaceId: string,
  body: unknown,
): Promise<{ settings: JsonObject; updatedAt: Date }> {
  return ctx.db.transaction(async (trx) => {
    const { site } = await loadAuthorizedSite(trx, caller, organizationId, siteId, SITE_WRITE);
    if (!(await findSiteSpaceRow(trx, site.id, siteSpaceId))) throw notFound('Site space');
    const patch = settingsOf(body, officialBodyError('overrideSiteSpaceCustomizationById', body, 'body'));
    const overrides = patchedOverrides((await findSiteSpaceCustomization(trx, siteSpaceId))?.overrides ?? {}, patch);
    const problem = customizationProblem(overrides);
    if (problem) throw badRequest(problem);
    const [row, siteSettings] = await Promise.all([putSiteSpaceCustomization(trx, site.id, siteSpaceId, overrides), findSiteCustomization(trx, site.id)]);
    await announce(ctx, trx, site);
    return { settings: effectiveCustomization(site.title, siteSettings?.settings, row.overrides), updatedAt: row.updated_at };
  });
}

/** DELETE SITE/site-spaces/ID/customization: the site space back to the site's settings; false when it had no overrides. */
export async function resetSiteSpaceCustomization(ctx: SitesContext, caller: Caller, organizationId: string, siteId: string, siteSpaceId: string): Promise<boolean> {
  return ctx.db.transaction(async (trx) => {
    const { site } = await loadAuthorizedSite(trx, caller, organizationId, siteId, SITE_WRITE);
    if (!(await findSiteSpaceRow(trx, site.id, siteSpaceId))) throw notFound('Site space');
    const removed = await deleteSiteSpaceCustomization(trx, siteSpaceId);
    if (removed) await announce(ctx, trx, site);
    return removed;
  });
}
