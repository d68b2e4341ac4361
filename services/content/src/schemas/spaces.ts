import { roleSchema } from '@dp/auth';
import { emojiSchema, idParam, listQuery, pathParams, type FromSchema } from '@dp/http';
import { mergeRulesSpaceSchema, TRANSLATION_LANGUAGES } from '@dp/contracts';
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
    language: { type: 'string', enum: TRANSLATION_LANGUAGES },
  },
  additionalProperties: false,
} as const;
export type CreateSpaceBody = FromSchema<typeof createSpaceBody>;

export const updateSpaceBody = {
  type: 'object',
  minProperties: 1,
  properties: {
    title,
    emoji: { oneOf: [emojiSchema, { type: 'null' }] },
    editMode,
    // The official DefaultLevel: a role, 'inherit', or null: no access (docs/adr/0101).
    defaultLevel: { oneOf: [roleSchema, { type: 'string', enum: ['inherit'] }, { type: 'null' }] },
    mergeRules: mergeRulesSpaceSchema,
    language: { type: 'string', enum: TRANSLATION_LANGUAGES },
  },
  additionalProperties: false,
} as const;
export type UpdateSpaceBody = FromSchema<typeof updateSpaceBody>;

export const getSpaceQuery = {
  type: 'object',
  properties: { shareKey: { type: 'string', maxLength: 200 } },
} as const;
