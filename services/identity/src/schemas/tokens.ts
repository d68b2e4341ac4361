import { listQuery, pathParams, type FromSchema } from '@dp/http';
import { MAX_TOKEN_LIFETIME_DAYS } from '../domain/tokens';

export const tokenParams = pathParams('tokenId');
export const userTokensParams = pathParams('userId');
export const listTokensQuery = listQuery();

/**
 * `POST /v1/user/tokens`: a label to tell tokens apart, and an expiry given as a date-time or as a number of days
 * (at most one of the two; none: the token lives until revoked). The expiry's range is checked by the command
 * (domain/tokens.ts), since it depends on the time of the request.
 */
export const createTokenBody = {
  type: 'object',
  properties: {
    label: { type: 'string', minLength: 1, maxLength: 64, pattern: '\\S' },
    expiresAt: { type: 'string', format: 'date-time', maxLength: 64 },
    expiresInDays: { type: 'integer', minimum: 1, maximum: MAX_TOKEN_LIFETIME_DAYS },
  },
  additionalProperties: false,
} as const;

export type CreateTokenBody = FromSchema<typeof createTokenBody>;
