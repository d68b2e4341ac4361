import { TRANSLATION_LANGUAGES } from '@dp/contracts';
import { idParam, listQuery, pathParams, type FromSchema } from '@dp/http';

export const organizationParams = pathParams('organizationId');
export const translationParams = pathParams('organizationId', 'translationId');
export const listTranslationsQuery = listQuery();

const language = { type: 'string', enum: TRANSLATION_LANGUAGES } as const;

/*
 * `instructions` is the interface's rich document. We accept the part of it that prose instructions need:
 * paragraphs, headings, bullet and numbered lists (one level) and quotes, made of text with bold, italic, code
 * and strikethrough marks. Everything accepted is a valid official JSONDocument, and the shape is not recursive,
 * so no payload can nest deeper than these few levels.
 */
const key = { type: 'string', maxLength: 100 } as const;
const notVoid = { type: 'boolean', enum: [false] } as const;
const block = { type: 'string', enum: ['block'] } as const;
const emptyData = { type: 'object', additionalProperties: false } as const;

const leaf = {
  type: 'object',
  properties: {
    object: { type: 'string', enum: ['leaf'] },
    text: { type: 'string', maxLength: 10_000 },
    marks: {
      type: 'array',
      maxItems: 4,
      items: {
        type: 'object',
        properties: { object: { type: 'string', enum: ['mark'] }, type: { type: 'string', enum: ['bold', 'italic', 'code', 'strikethrough'] } },
        required: ['object', 'type'],
        additionalProperties: false,
      },
    },
  },
  required: ['object', 'text', 'marks'],
  additionalProperties: false,
} as const;

const textNodes = {
  type: 'array',
  maxItems: 200,
  items: {
    type: 'object',
    properties: { object: { type: 'string', enum: ['text'] }, key, leaves: { type: 'array', maxItems: 200, items: leaf } },
    required: ['object', 'leaves'],
    additionalProperties: false,
  },
} as const;

const align = { type: 'string', enum: ['start', 'center', 'end'] } as const;

const paragraph = {
  type: 'object',
  properties: {
    object: block,
    type: { type: 'string', enum: ['paragraph'] },
    key,
    isVoid: notVoid,
    data: { type: 'object', properties: { align }, additionalProperties: false },
    nodes: textNodes,
  },
  required: ['object', 'type', 'nodes'],
  additionalProperties: false,
} as const;

const heading = {
  type: 'object',
  properties: {
    object: block,
    type: { type: 'string', enum: ['heading-1', 'heading-2', 'heading-3'] },
    key,
    isVoid: notVoid,
    data: { type: 'object', properties: { id: { type: 'string', maxLength: 100, pattern: '^[-a-z0-9.+_]+$' }, align }, additionalProperties: false },
    nodes: textNodes,
  },
  required: ['object', 'type', 'nodes', 'data'],
  additionalProperties: false,
} as const;

const listItems = {
  type: 'array',
  maxItems: 200,
  items: {
    type: 'object',
    properties: {
      object: block,
      type: { type: 'string', enum: ['list-item'] },
      key,
      isVoid: notVoid,
      data: { type: 'object', properties: { checked: { type: 'boolean' } }, additionalProperties: false },
      nodes: { type: 'array', maxItems: 50, items: paragraph },
    },
    required: ['object', 'type', 'nodes'],
    additionalProperties: false,
  },
} as const;

const unorderedList = {
  type: 'object',
  properties: { object: block, type: { type: 'string', enum: ['list-unordered'] }, key, isVoid: notVoid, data: emptyData, nodes: listItems },
  required: ['object', 'type', 'nodes'],
  additionalProperties: false,
} as const;

const orderedList = {
  type: 'object',
  properties: {
    object: block,
    type: { type: 'string', enum: ['list-ordered'] },
    key,
    isVoid: notVoid,
    data: { type: 'object', properties: { start: { type: 'integer', minimum: 0 } }, additionalProperties: false },
    nodes: listItems,
  },
  required: ['object', 'type', 'data', 'nodes'],
  additionalProperties: false,
} as const;

const quote = {
  type: 'object',
  properties: {
    object: block,
    type: { type: 'string', enum: ['blockquote'] },
    key,
    isVoid: notVoid,
    data: emptyData,
    nodes: { type: 'array', maxItems: 50, items: paragraph },
  },
  required: ['object', 'type', 'nodes'],
  additionalProperties: false,
} as const;

/** Picks the block's schema by its `type`, so that an error names the field that is wrong. */
const topLevelBlock = {
  type: 'object',
  properties: {
    object: block,
    type: { type: 'string', enum: ['paragraph', 'heading-1', 'heading-2', 'heading-3', 'list-unordered', 'list-ordered', 'blockquote'] },
  },
  required: ['object', 'type'],
  allOf: [
    { if: { properties: { type: { const: 'paragraph' } } }, then: paragraph },
    { if: { properties: { type: { enum: ['heading-1', 'heading-2', 'heading-3'] } } }, then: heading },
    { if: { properties: { type: { const: 'list-unordered' } } }, then: unorderedList },
    { if: { properties: { type: { const: 'list-ordered' } } }, then: orderedList },
    { if: { properties: { type: { const: 'blockquote' } } }, then: quote },
  ],
} as const;

export const instructionsSchema = {
  type: 'object',
  properties: {
    object: { type: 'string', enum: ['document'] },
    data: {
      type: 'object',
      properties: { schemaVersion: { type: 'integer', minimum: 0 } },
      maxProperties: 20,
      additionalProperties: { anyOf: [{ type: 'string', maxLength: 1000 }, { type: 'number' }, { type: 'boolean' }, { type: 'null' }] },
    },
    nodes: { type: 'array', maxItems: 200, items: topLevelBlock },
  },
  required: ['object', 'data', 'nodes'],
  additionalProperties: false,
} as const;

export const createTranslationBody = {
  type: 'object',
  properties: {
    language,
    source: {
      type: 'object',
      properties: { space: idParam, language },
      required: ['space', 'language'],
      additionalProperties: false,
    },
    instructions: instructionsSchema,
  },
  required: ['language', 'source'],
  additionalProperties: false,
} as const;

export type CreateTranslationBody = FromSchema<typeof createTranslationBody>;

/** The official updateTranslation body: new instructions. */
export const updateTranslationBody = {
  type: 'object',
  properties: { instructions: instructionsSchema },
  required: ['instructions'],
  additionalProperties: false,
} as const;

export const glossaryEntryParams = pathParams('organizationId', 'glossaryEntryId');
export const listGlossaryQuery = listQuery();

/** The official GlossaryTranslations: language -> term (one line, 1 to 255 characters). */
const glossaryTranslations = {
  type: 'object',
  propertyNames: language,
  minProperties: 1,
  additionalProperties: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[^\\n\\r]*$' },
} as const;

/** The official updateGlossaryEntries body: insert, update and delete operations, applied all or none. */
export const updateGlossaryBody = {
  type: 'object',
  properties: {
    operations: {
      type: 'array',
      maxItems: 500,
      items: {
        type: 'object',
        discriminator: { propertyName: 'type' },
        properties: { type: { type: 'string', enum: ['insert', 'update', 'delete'] } },
        required: ['type'],
        oneOf: [
          { type: 'object', properties: { type: { const: 'insert' }, translations: glossaryTranslations }, required: ['type', 'translations'], additionalProperties: false },
          { type: 'object', properties: { type: { const: 'update' }, id: idParam, translations: glossaryTranslations }, required: ['type', 'id', 'translations'], additionalProperties: false },
          { type: 'object', properties: { type: { const: 'delete' }, id: idParam }, required: ['type', 'id'], additionalProperties: false },
        ],
      },
    },
  },
  required: ['operations'],
  additionalProperties: false,
} as const;
export type UpdateGlossaryBody = FromSchema<typeof updateGlossaryBody>;
