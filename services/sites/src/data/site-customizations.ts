import type { Knex } from 'knex';
import type { JsonObject } from '../domain/customization';

export interface SiteCustomizationRow {
  site_id: string;
  /** The official SiteCustomizationSettingsInput as written (checked against the official schema on write). */
  settings: JsonObject;
  updated_at: Date;
}

export interface SiteSpaceCustomizationRow {
  site_space_id: string;
  site_id: string;
  /** The overrides set on the site space (the official override body, its nulls applied: no null is kept). */
  overrides: JsonObject;
  updated_at: Date;
}

const sites = (db: Knex) => db<SiteCustomizationRow>('site_customizations');
const siteSpaces = (db: Knex) => db<SiteSpaceCustomizationRow>('site_space_customizations');

export const findSiteCustomization = (db: Knex, siteId: string): Promise<SiteCustomizationRow | undefined> => sites(db).where({ site_id: siteId }).first();

export async function putSiteCustomization(db: Knex, siteId: string, settings: JsonObject): Promise<SiteCustomizationRow> {
  const [row] = await sites(db)
    .insert({ site_id: siteId, settings })
    .onConflict('site_id')
    .merge({ settings, updated_at: db.fn.now() })
    .returning('*');
  return row;
}

export const findSiteSpaceCustomization = (db: Knex, siteSpaceId: string): Promise<SiteSpaceCustomizationRow | undefined> =>
  siteSpaces(db).where({ site_space_id: siteSpaceId }).first();

/** The overrides of every site space of the site that has some. */
export const siteSpaceCustomizationsOf = (db: Knex, siteId: string): Promise<SiteSpaceCustomizationRow[]> => siteSpaces(db).where({ site_id: siteId });

export async function putSiteSpaceCustomization(db: Knex, siteId: string, siteSpaceId: string, overrides: JsonObject): Promise<SiteSpaceCustomizationRow> {
  const [row] = await siteSpaces(db)
    .insert({ site_space_id: siteSpaceId, site_id: siteId, overrides })
    .onConflict('site_space_id')
    .merge({ overrides, updated_at: db.fn.now() })
    .returning('*');
  return row;
}

/** True when the site space had overrides. */
export const deleteSiteSpaceCustomization = async (db: Knex, siteSpaceId: string): Promise<boolean> => (await siteSpaces(db).where({ site_space_id: siteSpaceId }).delete()) > 0;
