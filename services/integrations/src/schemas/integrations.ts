import { idParam, listQuery, urlSchema, type FromSchema } from '@dp/http';

/**
 * Request schemas of /v1/integrations. Field rules are the interface's, and the official `PublishIntegration`
 * schema's where the interface does not show them (required fields, lengths, enumerations).
 */
export const integrationName = { type: 'string', minLength: 1, maxLength: 100, pattern: '^[a-zA-Z0-9-_.]+$' } as const;

export const integrationParams = {
  type: 'object',
  properties: { integrationName },
  required: ['integrationName'],
} as const;

export const integrationAssetParams = {
  type: 'object',
  properties: { integrationName, index: { type: 'integer', minimum: 0, maximum: 2 } },
  required: ['integrationName', 'index'],
} as const;

export const VISIBILITIES = ['public', 'private', 'unlisted'] as const;
export const TARGETS = ['all', 'site', 'space', 'organization'] as const;
export const SCOPES = [
  'space:content:read',
  'space:content:write',
  'space:metadata:read',
  'space:metadata:write',
  'space:git:sync',
  'page:feedback:read',
  'site:metadata:read',
  'site:views:read',
  'site:script:inject',
  'site:script:cookies',
  'site:visitor:auth',
  'site:visitor:claims',
  'site:adaptive:read',
  'site:adaptive:write',
  'conversations:ingest',
  'openapi:read',
  'openapi:write',
] as const;
export const CATEGORIES = ['analytics', 'collaboration', 'content', 'marketing', 'visitor-auth', 'other'] as const;

const visibility = { type: 'string', enum: VISIBILITIES } as const;
const target = { type: 'string', enum: TARGETS } as const;
const scope = { type: 'string', enum: SCOPES } as const;
const category = { type: 'string', enum: CATEGORIES } as const;
const base64 = { type: 'string', format: 'byte' } as const;
/** An id of a block or content source, unique within the integration. */
const componentId = { type: 'string', minLength: 1, maxLength: 100 } as const;
const shortTitle = { type: 'string', minLength: 2, maxLength: 40 } as const;
const shortDescription = { type: 'string', maxLength: 150 } as const;
const iconUrl = { type: 'string', maxLength: 2048 } as const;

const block = {
  type: 'object',
  properties: {
    id: componentId,
    title: shortTitle,
    description: shortDescription,
    icon: iconUrl,
    urlUnfurl: { type: 'array', maxItems: 50, items: { type: 'string', minLength: 1, maxLength: 500 } },
    markdown: {
      type: 'object',
      properties: { codeblock: { type: 'string', maxLength: 100 }, body: { type: 'string', maxLength: 100 } },
      required: ['codeblock', 'body'],
      additionalProperties: false,
    },
  },
  required: ['id', 'title'],
  additionalProperties: false,
} as const;

const configurationComponent = {
  type: 'object',
  properties: { componentId },
  required: ['componentId'],
  additionalProperties: false,
} as const;

const contentSource = {
  type: 'object',
  properties: { id: componentId, title: shortTitle, description: shortDescription, icon: iconUrl, configuration: configurationComponent },
  required: ['id', 'title', 'configuration'],
  additionalProperties: false,
} as const;

const propertyCommon = { title: { type: 'string', minLength: 2, maxLength: 50 }, description: { type: 'string', maxLength: 100 } } as const;

/** One property of a configuration schema: a string, number, boolean or button input (official shapes). */
const configurationProperty = {
  oneOf: [
    {
      type: 'object',
      properties: {
        ...propertyCommon,
        type: { const: 'string' },
        default: { type: 'string' },
        completion_url: { type: 'string', maxLength: 2048 },
        enum: { type: 'array', maxItems: 100, items: { type: 'string' } },
      },
      required: ['type'],
      additionalProperties: false,
    },
    { type: 'object', properties: { ...propertyCommon, type: { const: 'number' }, default: { type: 'number' } }, required: ['type'], additionalProperties: false },
    { type: 'object', properties: { ...propertyCommon, type: { const: 'boolean' }, default: { type: 'boolean' } }, required: ['type'], additionalProperties: false },
    {
      type: 'object',
      properties: { ...propertyCommon, type: { const: 'button' }, callback_url: { type: 'string', maxLength: 2048 }, button_text: { type: 'string', maxLength: 100 } },
      required: ['type', 'callback_url', 'button_text'],
      additionalProperties: false,
    },
  ],
} as const;

const configurationSchema = {
  type: 'object',
  properties: {
    properties: { type: 'object', maxProperties: 100, additionalProperties: configurationProperty },
    required: { type: 'array', uniqueItems: true, items: { type: 'string' } },
  },
  required: ['properties'],
  additionalProperties: false,
} as const;

const configuration = { oneOf: [configurationSchema, configurationComponent] } as const;

const CSP_DIRECTIVES = [
  'base-uri',
  'block-all-mixed-content',
  'child-src',
  'connect-src',
  'default-src',
  'font-src',
  'form-action',
  'frame-ancestors',
  'frame-src',
  'img-src',
  'manifest-src',
  'media-src',
  'navigate-to',
  'object-src',
  'plugin-types',
  'prefetch-src',
  'referrer',
  'report-to',
  'report-uri',
  'require-sri-for',
  'require-trusted-types-for',
  'sandbox',
  'script-src',
  'script-src-attr',
  'script-src-elem',
  'style-src',
  'style-src-attr',
  'style-src-elem',
  'trusted-types',
  'upgrade-insecure-requests',
  'worker-src',
] as const;

const cspValue = { type: 'string', maxLength: 2048 } as const;

const contentSecurityPolicy = {
  oneOf: [
    { type: 'string', maxLength: 4096 },
    {
      type: 'object',
      // Typed per directive so that FromSchema derives the body type (Object.fromEntries widens to string keys).
      properties: Object.fromEntries(CSP_DIRECTIVES.map((d) => [d, cspValue])) as Record<(typeof CSP_DIRECTIVES)[number], typeof cspValue>,
      additionalProperties: false,
    },
  ],
} as const;

export const publishIntegrationBody = {
  type: 'object',
  properties: {
    runtime: { type: 'string', enum: ['v1', 'v2'] },
    icon: base64,
    title: { type: 'string', minLength: 2, maxLength: 30 },
    description: { type: 'string', maxLength: 100 },
    summary: { type: 'string', maxLength: 2048 },
    previewImages: { type: 'array', maxItems: 3, items: base64 },
    visibility,
    target,
    scopes: { type: 'array', uniqueItems: true, items: scope },
    categories: { type: 'array', uniqueItems: true, items: category },
    blocks: { type: 'array', maxItems: 50, items: block },
    contentSources: { type: 'array', maxItems: 50, items: contentSource },
    externalLinks: {
      type: 'array',
      maxItems: 5,
      items: { type: 'object', properties: { url: urlSchema, label: { type: 'string', minLength: 1, maxLength: 100 } }, required: ['url', 'label'], additionalProperties: false },
    },
    configurations: {
      type: 'object',
      properties: { account: configuration, space: configuration, site: configuration },
      additionalProperties: false,
    },
    script: { type: 'string', minLength: 1 },
    organization: { type: 'string', minLength: 1, maxLength: 100 },
    secrets: { type: 'object', maxProperties: 20, propertyNames: { minLength: 1, maxLength: 100 }, additionalProperties: { type: 'string', maxLength: 4096 } },
    contentSecurityPolicy,
  },
  required: ['organization', 'title', 'description', 'script', 'scopes'],
  additionalProperties: false,
} as const;

export type PublishIntegrationBody = FromSchema<typeof publishIntegrationBody>;

/** The official list filters of GET /v1/integrations. */
export const listIntegrationsQuery = listQuery({
  search: { type: 'string', maxLength: 200 },
  category,
  blockDomain: { type: 'string', maxLength: 100, pattern: '^[a-zA-Z0-9-_.]+$' },
  blocks: { type: 'boolean' },
  contentSources: { type: 'boolean' },
  owner: idParam,
  scope,
  target,
});
