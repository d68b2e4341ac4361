import { emojiSchema, idParam, listQuery } from '@dp/http';
import { MAX_CHANGES, MAX_MARKDOWN_CHARS } from '../domain/revision/changes';

export const changeRequestParams = {
  type: 'object',
  properties: { spaceId: idParam, changeRequestId: idParam },
  required: ['spaceId', 'changeRequestId'],
} as const;

export const listChangeRequestsQuery = listQuery({
  status: { type: 'string', enum: ['draft', 'open', 'archived', 'merged'], default: 'open' },
  creator: idParam,
  contributor: idParam,
  orderBy: { type: 'string', enum: ['updatedAt', 'createdAt'] },
});

const subject = { type: 'string', maxLength: 200 } as const;

export const createChangeRequestBody = {
  type: 'object',
  properties: { subject },
  additionalProperties: false,
} as const;

export const editChangeRequestBody = {
  type: 'object',
  minProperties: 1,
  properties: { subject, status: { type: 'string', enum: ['draft', 'open', 'archived'] } },
  additionalProperties: false,
} as const;

const pageMetadata = {
  title: { type: 'string', minLength: 1, maxLength: 200 },
  slug: { type: 'string', minLength: 1, maxLength: 100, pattern: '^[a-z0-9][a-z0-9._-]*$' },
  emoji: { anyOf: [emojiSchema, { const: '' }] },
  icon: { type: 'string', maxLength: 100 },
  description: { type: 'string', maxLength: 1000 },
  hidden: { type: 'boolean' },
  noIndex: { type: 'boolean' },
  noRobotsIndex: { type: 'boolean' },
  condition: { type: 'string', maxLength: 2000 },
} as const;

/** Top-level blocks of one JSON document; the request body limit and the markdown length bound the rest. */
const MAX_DOCUMENT_BLOCKS = 10_000;

/** A GitBook JSON document: its blocks are checked as they are converted to markdown (domain/revision/document-to-markdown). */
const jsonDocument = {
  type: 'object',
  required: ['object', 'nodes'],
  properties: { object: { const: 'document' }, data: { type: 'object' }, nodes: { type: 'array', maxItems: MAX_DOCUMENT_BLOCKS } },
} as const;

/** Markdown, a JSON document, or nothing (`{}`), as the official `Document` (one of them, not both). */
const documentInput = {
  type: 'object',
  maxProperties: 1,
  properties: { markdown: { type: 'string', maxLength: MAX_MARKDOWN_CHARS }, document: jsonDocument },
  additionalProperties: false,
} as const;

/** A reusable content's title, as GitBook's app shows it in its list. */
const reusableContentTitle = { type: 'string', minLength: 1, maxLength: 100, pattern: '\\S' } as const;

/** One change of the body: its `operation` picks the schema (ajv's discriminator), and FromSchema types it as that variant. */
const change = <const O extends string, const P extends Record<string, object>, const R extends readonly string[]>(operation: O, properties: P, required: R) =>
  ({
    type: 'object',
    properties: { operation: { const: operation }, ...properties },
    required: ['operation', ...required],
    additionalProperties: false,
  }) as const;

/** The official authoring body: `{changes: [...]}`, one schema per `operation`. */
export const authorContentBody = {
  type: 'object',
  properties: {
    changes: {
      type: 'array',
      minItems: 1,
      maxItems: MAX_CHANGES,
      items: {
        type: 'object',
        discriminator: { propertyName: 'operation' },
        // `operation` is required in each variant, not here: strict ajv wants a required property defined next to it.
        oneOf: [
          change('insert_page', { ...pageMetadata, into: idParam, at: { type: 'integer', minimum: 0 }, ref: { type: 'string', minLength: 1, maxLength: 200 }, document: documentInput }, ['document']),
          change('update_page', { ...pageMetadata, page: idParam, document: documentInput, into: { anyOf: [idParam, { type: 'null' }] }, at: { type: 'integer', minimum: 0 } }, ['page']),
          change('delete_page', { page: idParam }, ['page']),
          change('revert_page', { page: idParam, revision: idParam, block: { type: 'array', items: { type: 'string' } } }, ['page']),
          change(
            'insert_files',
            {
              files: {
                type: 'array',
                minItems: 1,
                maxItems: 20,
                items: {
                  type: 'object',
                  required: ['name'],
                  properties: {
                    ref: { type: 'string', minLength: 1, maxLength: 200 },
                    name: { type: 'string', minLength: 1, maxLength: 256 },
                    contentType: { type: 'string', maxLength: 200, pattern: '^[\\w.+-]+/[\\w.+-]+$' },
                    base64: { type: 'string', maxLength: 1_500_000 },
                    url: { type: 'string', format: 'uri', maxLength: 2048 },
                  },
                  additionalProperties: false,
                },
              },
            },
            ['files'],
          ),
          // Ours (docs/adr/0109): reusable contents, which the official body cannot write.
          change('insert_reusable_content', { ref: { type: 'string', minLength: 1, maxLength: 200 }, title: reusableContentTitle, document: documentInput }, ['title', 'document']),
          change('update_reusable_content', { reusableContent: idParam, title: reusableContentTitle, document: documentInput }, ['reusableContent']),
          change('delete_reusable_content', { reusableContent: idParam }, ['reusableContent']),
        ],
      },
    },
  },
  required: ['changes'],
  additionalProperties: false,
} as const;

export const authorContentQuery = {
  type: 'object',
  properties: { compat: { type: 'boolean', default: true } },
} as const;
