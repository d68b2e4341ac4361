import { roleSchema } from '@dp/auth';
import { emojiSchema, idParam, listQuery, pathParams, type FromSchema } from '@dp/http';
import { templateReference } from './templates';

export const spaceParams = pathParams('spaceId');
export const organizationParams = pathParams('organizationId');
export const listSpacesQuery = listQuery();

const title = { type: 'string', maxLength: 50 } as const;
const editMode = { type: 'string', enum: ['live', 'locked'] } as const;

export const createSpaceBody = {
  type: 'object',
  properties: {
    title,
    emoji: emojiSchema,
    parent: idParam,
    editMode,
    template: templateReference,
    empty: { type: 'boolean' },
    language: { type: 'string', maxLength: 10 },
  },
  additionalProperties: false,
} as const;
export type CreateSpaceBody = FromSchema<typeof createSpaceBody>;

/** Users one merge rule may name. */
const MAX_RULE_USERS = 100;
const ruleUsers = { type: 'array', maxItems: MAX_RULE_USERS, items: { type: 'string', minLength: 1, maxLength: 100 } } as const;

/**
 * The official `MergeRulesSpaceConfiguration` with the rules this platform can decide (docs/adr/0103,
 * domain/merge-rules.ts): `custom`, `require_agent_review` and `require_change_request_description` are refused.
 */
const mergeRules = {
  oneOf: [
    { type: 'object', properties: { type: { const: 'inherit' } }, required: ['type'], additionalProperties: false },
    { type: 'object', properties: { type: { const: 'none' } }, required: ['type'], additionalProperties: false },
    {
      type: 'object',
      properties: {
        type: { const: 'rules' },
        rules: {
          type: 'array',
          maxItems: 20,
          items: {
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
          },
        },
      },
      required: ['type', 'rules'],
      additionalProperties: false,
    },
  ],
} as const;

export const updateSpaceBody = {
  type: 'object',
  minProperties: 1,
  properties: {
    title,
    emoji: { oneOf: [emojiSchema, { type: 'null' }] },
    editMode,
    // The official DefaultLevel: a role, 'inherit', or null: no access (docs/adr/0101).
    defaultLevel: { oneOf: [roleSchema, { type: 'string', enum: ['inherit'] }, { type: 'null' }] },
    mergeRules,
  },
  additionalProperties: false,
} as const;
export type UpdateSpaceBody = FromSchema<typeof updateSpaceBody>;

export const getSpaceQuery = {
  type: 'object',
  properties: { shareKey: { type: 'string', maxLength: 200 } },
} as const;
