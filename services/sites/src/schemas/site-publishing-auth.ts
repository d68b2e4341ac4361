import type { FromSchema } from '@dp/http';
import { AUTH_URL_MAX_LENGTH, AUTH_URL_PATTERN, VISITOR_AUTH_BACKENDS } from '../domain/site-publishing-auth';

export { siteParams } from './sites';

/** An absolute http(s) URL, or null to unset it (omitted: unchanged). */
const authUrl = { anyOf: [{ type: 'string', format: 'uri', pattern: AUTH_URL_PATTERN, maxLength: AUTH_URL_MAX_LENGTH }, { type: 'null' }] } as const;

/**
 * Official SitePublishingAuthUpdate: the backend (required, as in the official `oneOf` of its two backends)
 * and the fallback and logout URLs.
 */
export const updateSitePublishingAuthBody = {
  type: 'object',
  properties: {
    backend: { type: 'string', enum: VISITOR_AUTH_BACKENDS },
    fallbackURL: authUrl,
    logoutURL: authUrl,
  },
  required: ['backend'],
  additionalProperties: false,
} as const;

export type UpdateSitePublishingAuthBody = FromSchema<typeof updateSitePublishingAuthBody>;
