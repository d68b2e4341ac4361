import { listQuery, listResponse, pathParams, type FromSchema } from '@dp/http';
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

const dateTime = { type: 'string', format: 'date-time' } as const;

/**
 * An API token as its owner (or staff) sees it, never its secret nor its hash: the body `presentApiToken` makes
 * (typed from this schema) and what the API reference shows. `revokedBy`: who revoked it (null with `revokedAt`
 * set: staff); dates are null where they do not apply.
 */
export const apiTokenSchema = {
  type: 'object',
  properties: {
    object: { const: 'api-token' },
    id: { type: 'string' },
    label: { type: ['string', 'null'] },
    status: { type: 'string', enum: ['active', 'expired', 'revoked'] },
    createdAt: dateTime,
    expiresAt: { type: ['string', 'null'], format: 'date-time' },
    revokedAt: { type: ['string', 'null'], format: 'date-time' },
    revokedBy: { type: ['string', 'null'] },
  },
  required: ['object', 'id', 'label', 'status', 'createdAt', 'expiresAt', 'revokedAt', 'revokedBy'],
  additionalProperties: false,
} as const;

export type ApiToken = FromSchema<typeof apiTokenSchema>;

/** `GET /v1/user/tokens` and staff's `GET /v1/admin/users/{userId}/tokens`: a page of tokens. */
export const tokenListResponses = { 200: listResponse(apiTokenSchema) } as const;

/** `POST /v1/user/tokens`: the token and, this once, its secret (the bearer token to send). */
export const createdTokenResponses = {
  201: {
    type: 'object',
    properties: { token: apiTokenSchema, secret: { type: 'string', minLength: 1 } },
    required: ['token', 'secret'],
    additionalProperties: false,
  },
} as const;
