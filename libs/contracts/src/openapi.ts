import type { FromSchema } from 'json-schema-to-ts';

/**
 * A schema as rows a reader scans: each property with its depth under the schema's root, its type in words
 * (`string (date-time)`, `array of Pet`, `one of: Cat | Dog`), whether it is required, and its description.
 */
const schemaField = {
  type: 'object',
  properties: {
    depth: { type: 'integer', minimum: 0 },
    name: { type: 'string' },
    type: { type: 'string' },
    required: { type: 'boolean' },
    description: { type: 'string' },
  },
  required: ['depth', 'name', 'type', 'required'],
  additionalProperties: false,
} as const;
export type OperationSchemaField = FromSchema<typeof schemaField>;

/** A body (of a request or a response) as one media type and the rows of its schema; `type`: the root's type in words. */
const body = {
  type: 'object',
  properties: {
    contentType: { type: 'string' },
    type: { type: 'string' },
    fields: { type: 'array', items: schemaField },
  },
  required: ['fields'],
  additionalProperties: false,
} as const;

/**
 * `GET /internal/orgs/{organizationId}/openapi/{specSlug}/operation?method=&path=` (openapi, asked by the sites
 * publisher to render an `openapi-operation` block, docs/adr/0083): one operation of the spec's latest version.
 */
export const operationViewResponse = {
  type: 'object',
  properties: {
    versionId: { type: 'string' },
    method: { type: 'string' },
    path: { type: 'string' },
    summary: { type: 'string' },
    description: { type: 'string' },
    deprecated: { type: 'boolean' },
    parameters: {
      type: 'array',
      items: {
        type: 'object',
        properties: { name: { type: 'string' }, in: { type: 'string' }, type: { type: 'string' }, required: { type: 'boolean' }, description: { type: 'string' } },
        required: ['name', 'in', 'type', 'required'],
        additionalProperties: false,
      },
    },
    requestBody: { type: 'object', properties: { required: { type: 'boolean' }, description: { type: 'string' }, ...body.properties }, required: ['required', 'fields'], additionalProperties: false },
    responses: {
      type: 'array',
      items: { type: 'object', properties: { status: { type: 'string' }, description: { type: 'string' }, ...body.properties }, required: ['status', 'description', 'fields'], additionalProperties: false },
    },
  },
  required: ['versionId', 'method', 'path', 'deprecated', 'parameters', 'responses'],
  additionalProperties: false,
} as const;
export type OperationView = FromSchema<typeof operationViewResponse>;

/**
 * `GET /internal/orgs/{organizationId}/openapi/{specSlug}/schemas?names=` (openapi, asked by the sites publisher to
 * render an `openapi-schemas` block): the named schemas of the spec's latest version that it has, in the order named.
 */
export const schemasViewResponse = {
  type: 'object',
  properties: {
    versionId: { type: 'string' },
    schemas: {
      type: 'array',
      items: {
        type: 'object',
        properties: { name: { type: 'string' }, description: { type: 'string' }, type: { type: 'string' }, fields: { type: 'array', items: schemaField } },
        required: ['name', 'type', 'fields'],
        additionalProperties: false,
      },
    },
  },
  required: ['versionId', 'schemas'],
  additionalProperties: false,
} as const;
export type SchemasView = FromSchema<typeof schemasViewResponse>;

/** What a page's OpenAPI block shows: an operation (or webhook), or schemas. */
export type OpenapiBlockView = OperationView | SchemasView;

