import { roleSchema } from '@dp/auth';
/** `POST /internal/principals`: the SHA-256 (hex) of an API token, never the token. */
export const principalBody = {
  type: 'object',
  properties: { tokenHash: { type: 'string', pattern: '^[0-9a-f]{64}$' } },
  required: ['tokenHash'],
  additionalProperties: false,
} as const;

/** `POST /internal/orgs/{organizationId}/members/batch`: the users whose memberships are asked for (a page of commenters at most). */
export const membersBatchBody = {
  type: 'object',
  properties: { userIds: { type: 'array', items: { type: 'string', minLength: 1, maxLength: 100 }, maxItems: 1000 } },
  required: ['userIds'],
  additionalProperties: false,
} as const;

/** `GET /internal/orgs/by-hostname/{hostname}`: an organization's subdomain (lower-case label). */
export const hostnameParams = {
  type: 'object',
  properties: { hostname: { type: 'string', pattern: '^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$' } },
  required: ['hostname'],
} as const;

const grantsBy = { type: 'object', maxProperties: 10_000, propertyNames: { minLength: 1, maxLength: 100 }, additionalProperties: roleSchema } as const;

/**
 * `POST /internal/orgs/{organizationId}/access`: the grants on one object (by user, by team; at most 10,000 of
 * each), the official aggregate's `role` filter, and its page.
 */
export const accessBody = {
  type: 'object',
  properties: {
    users: grantsBy,
    teams: grantsBy,
    /** The default level that decides on the object, when one does (docs/adr/0101): absent, members have their organization role. */
    cut: {
      type: 'object',
      properties: { level: { oneOf: [roleSchema, { type: 'null' }] }, createdBy: { type: 'string', minLength: 1, maxLength: 100 } },
      required: ['level', 'createdBy'],
      additionalProperties: false,
    },
    role: roleSchema,
    page: { type: 'string', maxLength: 1000 },
    limit: { type: 'integer', minimum: 1, maximum: 1000 },
  },
  required: ['users', 'teams'],
  additionalProperties: false,
} as const;

/** `POST /internal/orgs/{organizationId}/teams/batch`: the teams asked for (a page of team grants at most), and for whom. */
export const teamsBatchBody = {
  type: 'object',
  properties: {
    teamIds: { type: 'array', items: { type: 'string', minLength: 1, maxLength: 100 }, maxItems: 1000 },
    /** The user the teams are shown to: their `permissions` are that user's. */
    viewer: { type: 'string', minLength: 1, maxLength: 100 },
  },
  required: ['teamIds'],
  additionalProperties: false,
} as const;

/** `POST /internal/orgs/{organizationId}/guests`: users a granting context invites, who become guests (one invite's worth). */
export const addGuestsBody = {
  type: 'object',
  properties: { userIds: { type: 'array', minItems: 1, maxItems: 100, items: { type: 'string', minLength: 1, maxLength: 100 } } },
  required: ['userIds'],
  additionalProperties: false,
} as const;
