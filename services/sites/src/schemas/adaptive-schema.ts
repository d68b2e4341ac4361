import type { FromSchema } from '@dp/http';

export { siteParams } from './sites';

/**
 * Official updateSiteAdaptiveSchema body. `jsonSchema` is only required to be an object here: the rules it
 * must follow are domain/adaptive-schema-rules.ts, checked by the command, so that a 400 names the rule.
 */
export const updateAdaptiveSchemaBody = {
  type: 'object',
  properties: { jsonSchema: { type: 'object' } },
  required: ['jsonSchema'],
  additionalProperties: false,
} as const;

export type UpdateAdaptiveSchemaBody = FromSchema<typeof updateAdaptiveSchemaBody>;
