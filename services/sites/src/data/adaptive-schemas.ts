import type { Knex } from 'knex';
import { isAdaptiveSchema } from '../domain/adaptive-schema-rules';
import type { AdaptiveSchemaJson } from '../domain/adaptive-schema';

export interface AdaptiveSchemaRow {
  site_id: string;
  /** As the client sent it (a `json` column keeps the order of its claims). */
  json_schema: unknown;
  updated_by: string;
  updated_at: Date;
}

export const findAdaptiveSchemaRow = (db: Knex, siteId: string): Promise<AdaptiveSchemaRow | undefined> =>
  db<AdaptiveSchemaRow>('site_adaptive_schemas').where({ site_id: siteId }).first();

/**
 * The adaptive schema of a site, or null when none was set: what conditions on the site's sections and
 * site spaces are checked against (`conditionProblem(condition, await findAdaptiveSchema(db, siteId))`).
 */
export async function findAdaptiveSchema(db: Knex, siteId: string): Promise<AdaptiveSchemaJson | null> {
  const row = await findAdaptiveSchemaRow(db, siteId);
  // Only schemas that passed the rules are stored; one that would not is treated as no schema at all.
  return row && isAdaptiveSchema(row.json_schema) ? row.json_schema : null;
}

/** Sets (or replaces) the site's adaptive schema. */
export async function storeAdaptiveSchema(db: Knex, siteId: string, jsonSchema: AdaptiveSchemaJson, updatedBy: string): Promise<AdaptiveSchemaRow> {
  const [row] = await db<AdaptiveSchemaRow>('site_adaptive_schemas')
    .insert({ site_id: siteId, json_schema: JSON.stringify(jsonSchema), updated_by: updatedBy, updated_at: db.fn.now() })
    .onConflict('site_id')
    .merge()
    .returning('*');
  return row;
}
