import type { FromSchema } from 'json-schema-to-ts';

/**
 * `GET /internal/spaces/{spaceId}/published-url` (sites, asked by content with the caller's assertion): `published`
 * when a site of the caller's organizations opens the space to visitors, `{}` otherwise.
 */
export const publishedUrlResponse = {
  type: 'object',
  properties: { published: { type: 'string', format: 'uri' } },
  additionalProperties: false,
} as const;
export type PublishedUrlResponse = FromSchema<typeof publishedUrlResponse>;

/**
 * `GET /internal/sites/{siteId}/access?level=` (sites, asked by content with the caller's assertion before it
 * installs or sets up Git Sync on a site, docs/adr/0115): the site's organization and title when the caller has
 * that level on it; a 403 when they may only view it, a 404 when they may not.
 */
export const siteAccessQuery = {
  type: 'object',
  properties: { level: { enum: ['view', 'admin'] } },
  required: ['level'],
  additionalProperties: false,
} as const;
export const siteAccessResponse = {
  type: 'object',
  properties: { organizationId: { type: 'string' }, title: { type: 'string' } },
  required: ['organizationId', 'title'],
  additionalProperties: false,
} as const;
export type SiteAccess = FromSchema<typeof siteAccessResponse>;
