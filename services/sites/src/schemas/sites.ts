import { idParam, listQuery, pathParams, type FromSchema } from '@dp/http';
import { ROLES } from '@dp/auth';
import { NEW_SPACE_KINDS } from '../domain/new-site-space';
import { SHARE_KEY_MAX_LENGTH } from '../domain/share-link-rules';
import { AGENTS_CONTEXTS, HOSTNAME_MAX_LENGTH, HOSTNAME_PATTERN, PROXY_ORIGIN_MAX_LENGTH, PROXY_ORIGIN_PATTERN, SITE_TYPES, SITE_VISIBILITIES } from '../domain/site-rules';

export const organizationParams = pathParams('organizationId');
export const siteParams = pathParams('organizationId', 'siteId');

/** Official SiteTitle: 2 to 128 characters. */
const title = { type: 'string', minLength: 2, maxLength: 128 } as const;
const siteType = { type: 'string', enum: SITE_TYPES } as const;
const visibility = { type: 'string', enum: SITE_VISIBILITIES } as const;

/** The official filters of listSites: `space`, `title`, `published`, `type` (one or several). */
export const listSitesQuery = listQuery({
  space: idParam,
  title: { type: 'string', minLength: 1, maxLength: 128 },
  published: { type: 'boolean' },
  type: { anyOf: [siteType, { type: 'array', items: siteType, maxItems: SITE_TYPES.length }] },
});

export const createSiteBody = {
  type: 'object',
  properties: {
    type: siteType,
    title,
    visibility,
    // Existing spaces (ids), or a new space made for the site in content (`empty`, or `sample` content).
    spaces: { anyOf: [{ type: 'array', items: idParam, maxItems: 100, uniqueItems: true }, { type: 'string', enum: NEW_SPACE_KINDS }] },
  },
  additionalProperties: false,
} as const;

export type CreateSiteBody = FromSchema<typeof createSiteBody>;

export const updateSiteBody = {
  type: 'object',
  minProperties: 1,
  properties: {
    title,
    visibility,
    basename: { type: 'string', minLength: 1, maxLength: 100 },
    adaptiveContent: { type: 'object', properties: { enabled: { type: 'boolean' } }, required: ['enabled'], additionalProperties: false },
    agentsContext: { type: 'string', enum: AGENTS_CONTEXTS },
    // The official DefaultLevel: a role, 'inherit', or null: no access (docs/adr/0101).
    defaultLevel: { enum: [...ROLES, 'inherit', null] },
    defaultSiteSpace: idParam,
    defaultSiteSection: idParam,
    proxy: { oneOf: [{ type: 'string', maxLength: PROXY_ORIGIN_MAX_LENGTH, pattern: PROXY_ORIGIN_PATTERN }, { type: 'null' }] },
    /** Not in the official update body (GitBook sets it in its app): the site's custom hostname, docs/adr/0091. */
    hostname: { oneOf: [{ type: 'string', maxLength: HOSTNAME_MAX_LENGTH, pattern: HOSTNAME_PATTERN }, { type: 'null' }] },
  },
  additionalProperties: false,
} as const;

/** `GET SITE/published`: `shareKey`, as on the section and site-space lists (an active key goes into `urls.published`). */
export const publishedSiteQuery = {
  type: 'object',
  properties: { shareKey: { type: 'string', maxLength: SHARE_KEY_MAX_LENGTH } },
} as const;
