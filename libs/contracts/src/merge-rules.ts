import type { FromSchema } from 'json-schema-to-ts';

/** Users one merge rule may name. */
const MAX_RULE_USERS = 100;
const ruleUsers = { type: 'array', maxItems: MAX_RULE_USERS, items: { type: 'string', minLength: 1, maxLength: 100 } } as const;

/**
 * The official `MergeRule` kinds this platform can decide (docs/adr/0103): `custom` (an expression language),
 * `require_agent_review` (an AI reviewer) and `require_change_request_description` (change requests here have
 * none) have nothing to decide them here and are refused when set.
 */
const mergeRule = {
  oneOf: [
    {
      type: 'object',
      properties: { rule: { enum: ['require_specific_reviewers', 'require_one_of_specific_reviewers', 'allow_bypass'] }, users: ruleUsers },
      required: ['rule', 'users'],
      additionalProperties: false,
    },
    {
      type: 'object',
      properties: {
        rule: {
          enum: [
            'require_at_least_one_review',
            'require_at_least_one_approved_review',
            'require_all_reviews_approved',
            'require_up_to_date_change_request',
            'require_change_request_subject',
            'require_author_to_merge',
          ],
        },
      },
      required: ['rule'],
      additionalProperties: false,
    },
  ],
} as const;

/** The official `MergeRulesStandaloneConfiguration`: an organization's rules (and a space's own). */
export const mergeRulesStandaloneSchema = {
  oneOf: [
    { type: 'object', properties: { type: { const: 'none' } }, required: ['type'], additionalProperties: false },
    { type: 'object', properties: { type: { const: 'rules' }, rules: { type: 'array', maxItems: 20, items: mergeRule } }, required: ['type', 'rules'], additionalProperties: false },
  ],
} as const;

/** The official `MergeRulesSpaceConfiguration`: a space's own rules, or `inherit` its organization's. */
export const mergeRulesSpaceSchema = {
  oneOf: [{ type: 'object', properties: { type: { const: 'inherit' } }, required: ['type'], additionalProperties: false }, ...mergeRulesStandaloneSchema.oneOf],
} as const;

export type MergeRule = FromSchema<typeof mergeRule>;
export type MergeRulesConfiguration = FromSchema<typeof mergeRulesStandaloneSchema>;
export type SpaceMergeRules = FromSchema<typeof mergeRulesSpaceSchema>;
