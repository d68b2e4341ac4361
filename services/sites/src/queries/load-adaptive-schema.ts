import type { Caller } from '@dp/auth';
import { notFound } from '@dp/http';
import type { Knex } from 'knex';
import { findAdaptiveSchemaRow, type AdaptiveSchemaRow } from '../data/adaptive-schemas';
import type { AdaptiveSchemaJson } from '../domain/adaptive-schema';
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

/** GET SITE/adaptive-schema: official 404 "No visitor attributes schema found for the site" until one is set. */
export async function requireAdaptiveSchema(db: Knex, caller: Caller, organizationId: string, siteId: string): Promise<AdaptiveSchemaRow> {
  const row = await loadAdaptiveSchema(db, caller, organizationId, siteId);
  if (!row) throw notFound('Adaptive schema (none has been set for this site yet)');
  return row;
}

/** The schema of a site the caller may read, as the domain reads it: null when none was set. */
export async function loadDeclaredSchema(db: Knex, caller: Caller, organizationId: string, siteId: string): Promise<AdaptiveSchemaJson | null> {
  const row = await loadAdaptiveSchema(db, caller, organizationId, siteId);
  return row && isAdaptiveSchema(row.json_schema) ? row.json_schema : null;
}
