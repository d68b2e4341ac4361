import { listQuery, pathParams, urlSchema, type FromSchema } from '@dp/http';
import { SOURCE_PATH_MAX_LENGTH, SOURCE_PATH_PATTERN } from '../domain/site-redirects';

export { siteParams } from './sites';
export const siteRedirectParams = pathParams('organizationId', 'siteId', 'siteRedirectId');

/** Official SiteRedirectSourcePath. */
const source = { type: 'string', pattern: SOURCE_PATH_PATTERN, maxLength: SOURCE_PATH_MAX_LENGTH } as const;
const id = { type: 'string', minLength: 1, maxLength: 64 } as const;

/** Official SiteRedirectDestination: a section, a site space, a page of a site space, or an external http(s) URL. */
export const destinationSchema = {
  oneOf: [
    { type: 'object', properties: { kind: { const: 'site-section' }, siteSectionId: id }, required: ['kind', 'siteSectionId'], additionalProperties: false },
    { type: 'object', properties: { kind: { const: 'site-space' }, siteSpaceId: id }, required: ['kind', 'siteSpaceId'], additionalProperties: false },
    { type: 'object', properties: { kind: { const: 'site-page' }, siteSpaceId: id, pageId: id }, required: ['kind', 'siteSpaceId', 'pageId'], additionalProperties: false },
    { type: 'object', properties: { kind: { const: 'external' }, url: urlSchema }, required: ['kind', 'url'], additionalProperties: false },
  ],
} as const;
export type RedirectDestination = FromSchema<typeof destinationSchema>;

/** Official SiteRedirectInputDestination: a destination, or a page of a space by its path (resolved on write). */
const inputDestination = {
  oneOf: [
    ...destinationSchema.oneOf,
    { type: 'object', properties: { kind: { const: 'path' }, spaceId: id, path: { type: 'string', maxLength: 1024 } }, required: ['kind', 'spaceId', 'path'], additionalProperties: false },
  ],
} as const;
export type RedirectInputDestination = FromSchema<typeof inputDestination>;

export const createSiteRedirectBody = {
  type: 'object',
  properties: { source, captureWildcard: { type: 'boolean' }, draft: { type: 'boolean' }, permanent: { type: 'boolean' }, destination: inputDestination },
  required: ['source', 'destination'],
  additionalProperties: false,
} as const;
export type CreateSiteRedirectBody = FromSchema<typeof createSiteRedirectBody>;

export const updateSiteRedirectBody = {
  type: 'object',
  properties: { source, captureWildcard: { type: 'boolean' }, draft: { type: 'boolean' }, permanent: { type: 'boolean' }, destination: destinationSchema },
  additionalProperties: false,
} as const;
export type UpdateSiteRedirectBody = FromSchema<typeof updateSiteRedirectBody>;

/** Official bulkUpsertSiteRedirects: up to 500 upserts, deletions (a null destination) or draft publications. */
export const bulkUpsertSiteRedirectsBody = {
  type: 'object',
  properties: {
    redirects: {
      type: 'array',
      minItems: 1,
      maxItems: 500,
      items: {
        oneOf: [
          { type: 'object', properties: { source, intent: { const: 'publish' } }, required: ['source', 'intent'], additionalProperties: false },
          {
            type: 'object',
            properties: {
              source,
              intent: { type: 'string', enum: ['live', 'draft'] },
              captureWildcard: { type: 'boolean' },
              permanent: { type: 'boolean' },
              destination: { oneOf: [...inputDestination.oneOf, { type: 'null' }] },
            },
            required: ['source', 'destination'],
            additionalProperties: false,
          },
        ],
      },
    },
  },
  required: ['redirects'],
  additionalProperties: false,
} as const;
export type BulkUpsertSiteRedirectsBody = FromSchema<typeof bulkUpsertSiteRedirectsBody>;

export const listSiteRedirectsQuery = listQuery({
  search: { type: 'string', maxLength: SOURCE_PATH_MAX_LENGTH },
  draft: { type: 'boolean' },
  orderBy: { type: 'string', enum: ['createdAt', 'updatedAt', 'source'] },
});

export const redirectBySourceQuery = {
  type: 'object',
  properties: { source },
  required: ['source'],
} as const;
