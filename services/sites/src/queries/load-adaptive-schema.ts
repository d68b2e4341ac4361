import type { Caller } from '@dp/auth';
import type { Knex } from 'knex';
import { findAdaptiveSchemaRow, type AdaptiveSchemaRow } from '../data/adaptive-schemas';
import { defaultAdaptiveSchema, type AdaptiveSchemaJson } from '../domain/adaptive-schema';
import { isAdaptiveSchema } from '../domain/adaptive-schema-rules';
import { SITE_READ } from '../domain/site-rules';
import { loadAuthorizedSite } from './load-site';

/**
 * The adaptive schema of a site the caller may read, or undefined when none was set yet. An unknown site,
 * or one of another organization, is a 404.
 */
export async function loadAdaptiveSchema(db: Knex, caller: Caller, organizationId: string, siteId: string): Promise<AdaptiveSchemaRow | undefined> {
  const { site } = await loadAuthorizedSite(db, caller, organizationId, siteId, SITE_READ);
  return findAdaptiveSchemaRow(db, site.id);
}

/**
 * GET SITE/adaptive-schema: the schema set, or until one is set the default every site has (GitBook answers
 * it rather than the 404 its spec also lists), dated from the site's creation.
 */
export async function readAdaptiveSchema(db: Knex, caller: Caller, organizationId: string, siteId: string): Promise<AdaptiveSchemaRow> {
  const { site } = await loadAuthorizedSite(db, caller, organizationId, siteId, SITE_READ);
  const row = await findAdaptiveSchemaRow(db, site.id);
  return row ?? { site_id: site.id, json_schema: defaultAdaptiveSchema(), updated_by: site.created_by, updated_at: site.created_at };
}

/** The schema of a site the caller may read, as the domain reads it: null when none was set. */
export async function loadDeclaredSchema(db: Knex, caller: Caller, organizationId: string, siteId: string): Promise<AdaptiveSchemaJson | null> {
  const row = await loadAdaptiveSchema(db, caller, organizationId, siteId);
  return row && isAdaptiveSchema(row.json_schema) ? row.json_schema : null;
}
