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
