import { pathParams } from '@dp/http';
import { SHARE_KEY_MAX_LENGTH } from '../domain/share-link-rules';

export const spaceParams = pathParams('spaceId');

/** `shareKey`: the key the visitor presented, if any; empty means none. */
export const publishedUrlQuery = {
  type: 'object',
  properties: { shareKey: { type: 'string', maxLength: SHARE_KEY_MAX_LENGTH } },
  additionalProperties: false,
} as const;
