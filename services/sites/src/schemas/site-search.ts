import { idParam, listQuery, type FromSchema } from '@dp/http';
import { MAX_SEARCHED_SPACES } from '../domain/site-search';

export { siteParams } from './sites';

/** Official searchSiteContent body: the text, and the scope (or one of the deprecated modes it replaced). */
export const siteSearchBody = {
  type: 'object',
  properties: {
    query: { type: 'string', minLength: 1, maxLength: 512, pattern: '\\S' },
    scope: {
      oneOf: [
        {
          type: 'object',
          properties: { mode: { const: 'default' }, currentSiteSpace: idParam, restrictTo: { type: 'string', enum: ['currentSiteSpace', 'otherSiteSpaces'] } },
          required: ['mode'],
          additionalProperties: false,
        },
        { type: 'object', properties: { mode: { const: 'specific' }, siteSpaceIds: { type: 'array', minItems: 1, maxItems: MAX_SEARCHED_SPACES, items: idParam } }, required: ['mode', 'siteSpaceIds'], additionalProperties: false },
        { type: 'object', properties: { mode: { const: 'all' } }, required: ['mode'], additionalProperties: false },
      ],
    },
    mode: { type: 'string', enum: ['specific', 'current', 'all'] },
    siteSpaceIds: { type: 'array', minItems: 1, maxItems: MAX_SEARCHED_SPACES, items: idParam },
    siteSpaceId: idParam,
  },
  required: ['query'],
  additionalProperties: false,
} as const;
export type SiteSearchBody = FromSchema<typeof siteSearchBody>;

export const siteSearchQuery = listQuery();
