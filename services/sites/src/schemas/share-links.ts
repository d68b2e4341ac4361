import { listQuery, pathParams } from '@dp/http';
import { SHARE_LINK_NAME_MAX_LENGTH } from '../domain/share-link-rules';

export { siteParams } from './sites';
export const shareLinkParams = pathParams('organizationId', 'siteId', 'shareLinkId');

export const listShareLinksQuery = listQuery();

/** Official ShareLinkName: a string of at most 50 characters. */
const name = { type: 'string', maxLength: SHARE_LINK_NAME_MAX_LENGTH } as const;

export const createShareLinkBody = {
  type: 'object',
  properties: { name },
  required: ['name'],
  additionalProperties: false,
} as const;

export const updateShareLinkBody = {
  type: 'object',
  minProperties: 1,
  properties: { active: { type: 'boolean' }, name },
  additionalProperties: false,
} as const;
