import { iso } from '@dp/http';
import type { AdaptiveSchemaRow } from '../data/adaptive-schemas';

/** The official SiteAdaptiveSchema: the JSON Schema exactly as it was set, and when. */
export function presentAdaptiveSchema(row: AdaptiveSchemaRow) {
  return {
    object: 'site-adaptive-schema' as const,
    jsonSchema: row.json_schema,
    updatedAt: iso(row.updated_at)!,
  };
}
