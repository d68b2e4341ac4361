import { idParam, listQuery, pathParams, urlSchema, type FromSchema } from '@dp/http';

/** The interface's slug pattern (lowercase words joined by single dashes); length as in the official spec. */
export const specSlug = { type: 'string', minLength: 1, maxLength: 100, pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$' } as const;

export const organizationParams = pathParams('organizationId');
export const specParams = {
  type: 'object',
  properties: { organizationId: idParam, specSlug },
  required: ['organizationId', 'specSlug'],
} as const;
export const listSpecsQuery = listQuery();
export const versionParams = {
  type: 'object',
  properties: { organizationId: idParam, specSlug, versionId: idParam },
  required: ['organizationId', 'specSlug', 'versionId'],
} as const;
export const listVersionsQuery = listQuery();
/** A public spec's document without a token: `{specSlug}.json` or `{specSlug}.yaml`. */
export const publishedParams = {
  type: 'object',
  properties: { organizationId: idParam, file: { type: 'string', maxLength: 105, pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*\\.(json|yaml)$' } },
  required: ['organizationId', 'file'],
} as const;

/** One operation of a spec (docs/adr/0083): its method and its path as the spec writes it. */
export const operationQuery = {
  type: 'object',
  properties: {
    method: { type: 'string', enum: ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace', 'GET', 'PUT', 'POST', 'DELETE', 'OPTIONS', 'HEAD', 'PATCH', 'TRACE'] },
    path: { type: 'string', minLength: 1, maxLength: 2048, pattern: '^/' },
  },
  required: ['method', 'path'],
  additionalProperties: false,
} as const;

/** `GET .../webhook?method=&name=`: a webhook of the spec by its method and name (OpenAPI 3.1 `webhooks`). */
export const webhookQuery = {
  type: 'object',
  properties: {
    method: operationQuery.properties.method,
    name: { type: 'string', minLength: 1, maxLength: 512 },
  },
  required: ['method', 'name'],
  additionalProperties: false,
} as const;

/** `GET .../schemas?names=A,B`: schemas of the spec by name (an `openapi-schemas` block names at most 50). */
export const schemasQuery = {
  type: 'object',
  properties: { names: { type: 'string', minLength: 1, maxLength: 4096, pattern: '^[^,]+(,[^,]+){0,49}$' } },
  required: ['names'],
  additionalProperties: false,
} as const;

/** The official OpenAPISpecSource: a URL to fetch, or the specification itself as text. */
export const specSource = {
  oneOf: [
    { type: 'object', properties: { url: urlSchema }, required: ['url'], additionalProperties: false },
    { type: 'object', properties: { text: { type: 'string', minLength: 1 } }, required: ['text'], additionalProperties: false },
  ],
} as const;

export const createSpecBody = {
  type: 'object',
  properties: { slug: specSlug, source: specSource },
  required: ['slug', 'source'],
  additionalProperties: false,
} as const;

export type CreateSpecBody = FromSchema<typeof createSpecBody>;

/** PUT: the spec's new source (the spec is created when its slug is new). */
export const putSpecBody = {
  type: 'object',
  properties: { source: specSource },
  required: ['source'],
  additionalProperties: false,
} as const;
export type PutSpecBody = FromSchema<typeof putSpecBody>;

/** The official OpenAPISpecVisibility. */
export const patchSpecBody = {
  type: 'object',
  properties: { visibility: { type: 'string', enum: ['private', 'public'] } },
  required: ['visibility'],
  additionalProperties: false,
} as const;
