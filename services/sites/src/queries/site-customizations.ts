import type { Caller } from '@dp/auth';
import { notFound } from '@dp/http';
import type { Knex } from 'knex';
import { findSiteCustomization, findSiteSpaceCustomization, siteSpaceCustomizationsOf, type SiteCustomizationRow } from '../data/site-customizations';
import { findSiteSpaceRow } from '../data/site-spaces';
import type { SiteRow } from '../data/sites';
import type { JsonObject } from '../domain/customization';
import { effectiveCustomization } from '../domain/customization-defaults';
import { SITE_READ } from '../domain/site-rules';
import { loadAuthorizedSite } from './load-site';

/** A site's customization as stored: its settings (none: the defaults) and each site space's overrides. */
export interface SiteCustomizations {
  site?: SiteCustomizationRow;
  overrides: Map<string, JsonObject>;
}

export async function loadSiteCustomizations(db: Knex, siteId: string): Promise<SiteCustomizations> {
  const site = await findSiteCustomization(db, siteId);
  const rows = await siteSpaceCustomizationsOf(db, siteId);
  return { site, overrides: new Map(rows.map((row) => [row.site_space_id, row.overrides])) };
}

/** The settings each of `siteSpaceIds` is drawn with, and the site's own. */
export function effectiveCustomizations(site: Pick<SiteRow, 'title'>, stored: SiteCustomizations, siteSpaceIds: string[]) {
  return {
    site: effectiveCustomization(site.title, stored.site?.settings),
    siteSpaces: Object.fromEntries(siteSpaceIds.map((id) => [id, effectiveCustomization(site.title, stored.site?.settings, stored.overrides.get(id))])),
  };
}

/** GET SITE/customization: what the site is drawn with, for a member who reads the site. */
export async function readSiteCustomization(db: Knex, caller: Caller, organizationId: string, siteId: string): Promise<{ settings: JsonObject; updatedAt?: Date }> {
  const { site } = await loadAuthorizedSite(db, caller, organizationId, siteId, SITE_READ);
  const stored = await findSiteCustomization(db, site.id);
  return { settings: effectiveCustomization(site.title, stored?.settings), updatedAt: stored?.updated_at };
}

/** GET SITE/site-spaces/ID/customization: the site's settings with the site space's overrides. */
export async function readSiteSpaceCustomization(
  db: Knex,
  caller: Caller,
  organizationId: string,
  siteId: string,
  siteSpaceId: string,
): Promise<{ settings: JsonObject; updatedAt?: Date }> {
  const { site } = await loadAuthorizedSite(db, caller, organizationId, siteId, SITE_READ);
  if (!(await findSiteSpaceRow(db, site.id, siteSpaceId))) throw notFound('Site space');
  const [stored, own] = await Promise.all([findSiteCustomization(db, site.id), findSiteSpaceCustomization(db, siteSpaceId)]);
  const updatedAt = [stored?.updated_at, own?.updated_at].filter((d): d is Date => d !== undefined).sort((a, b) => b.getTime() - a.getTime())[0];
  return { settings: effectiveCustomization(site.title, stored?.settings, own?.overrides), updatedAt };
}
