import type { FromSchema } from 'json-schema-to-ts';
import { roleSchema } from '@dp/roles';
import { mergeRulesStandaloneSchema } from './merge-rules';

/** Roles by organization id, as an assertion or a principal carries them. */
const memberships = { type: 'object', additionalProperties: roleSchema } as const;
/** The ids of the teams a user is in (docs/adr/0097). */
const teams = { type: 'array', items: { type: 'string' } } as const;

/**
 * `POST /internal/principals` (identity, asked by the gateway): a token's owner, and the token's expiry past
 * which the gateway must not keep it (null: it does not expire).
 */
export const principalResponse = {
  type: 'object',
  properties: {
    userId: { type: ['string', 'null'] },
    staff: { type: 'boolean' },
    memberships,
    teams,
    expiresAt: { type: ['string', 'null'], format: 'date-time' },
  },
  required: ['userId', 'staff', 'memberships', 'teams', 'expiresAt'],
  additionalProperties: false,
} as const;
export type PrincipalResponse = FromSchema<typeof principalResponse>;

/** `GET /internal/caller/memberships` (identity, asked by any service with the caller's assertion). */
export const callerMembershipsResponse = {
  type: 'object',
  properties: { memberships, teams },
  required: ['memberships', 'teams'],
  additionalProperties: false,
} as const;
export type CallerMembershipsResponse = FromSchema<typeof callerMembershipsResponse>;

/**
 * The interface's Member with the fields its callers read; the rest is GitBook's OrganizationMember component, which
 * identity's public member routes are checked against (json-schema-to-ts types a `$ref` as nothing, so no `$ref`).
 */
const member = {
  type: 'object',
  properties: {
    object: { const: 'member' },
    id: { type: 'string' },
    // null: a guest, who holds no organization role (only grants on objects).
    role: { oneOf: [roleSchema, { type: 'null' }] },
    disabled: { type: 'boolean' },
    user: { type: 'object', properties: { object: { const: 'user' }, id: { type: 'string' } }, required: ['object', 'id'], additionalProperties: true },
  },
  required: ['object', 'id', 'role', 'user'],
  additionalProperties: true,
} as const;

/** `POST /internal/orgs/{organizationId}/members/batch` (identity, asked by content for a page of commenters). */
export const membersBatchResponse = {
  type: 'object',
  properties: { items: { type: 'array', items: member } },
  required: ['items'],
  additionalProperties: false,
} as const;
export type MembersBatchResponse = FromSchema<typeof membersBatchResponse>;
export type MemberJson = MembersBatchResponse['items'][number];

/**
 * `POST /internal/orgs/{organizationId}/teams/batch` (identity, asked by content for the teams granted a space or
 * a collection): GitBook's OrganizationTeam, with the fields its callers read (no `$ref`, as for members).
 */
export const teamsBatchResponse = {
  type: 'object',
  properties: {
    items: {
      type: 'array',
      items: { type: 'object', properties: { object: { const: 'team' }, id: { type: 'string' }, title: { type: 'string' } }, required: ['object', 'id', 'title'], additionalProperties: true },
    },
  },
  required: ['items'],
  additionalProperties: false,
} as const;
export type TeamsBatchResponse = FromSchema<typeof teamsBatchResponse>;
export type TeamJson = TeamsBatchResponse['items'][number];

/**
 * `POST /internal/orgs/{organizationId}/access` (identity, asked by a context that grants roles on its objects,
 * docs/adr/0099): everyone who has access to one object, with their role there and why (the context presents
 * the official aggregate from it).
 */
export const accessListResponse = {
  type: 'object',
  properties: {
    items: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          permission: roleSchema,
          user: { type: 'object', properties: { object: { const: 'user' }, id: { type: 'string' } }, required: ['object', 'id'], additionalProperties: true },
          /** Why: the organization role, the user's own grant, or a team's grant (the first team that reaches the role). */
          origin: {
            oneOf: [
              { type: 'object', properties: { type: { const: 'organization' } }, required: ['type'], additionalProperties: false },
              { type: 'object', properties: { type: { const: 'grant' }, reason: { const: 'member' } }, required: ['type', 'reason'], additionalProperties: false },
              { type: 'object', properties: { type: { const: 'grant' }, reason: { const: 'team' }, team: { type: 'string' } }, required: ['type', 'reason', 'team'], additionalProperties: false },
            ],
          },
        },
        required: ['permission', 'user', 'origin'],
        additionalProperties: false,
      },
    },
    count: { type: 'integer' },
    next: { type: 'object', properties: { page: { type: 'string' } }, required: ['page'], additionalProperties: false },
  },
  required: ['items', 'count'],
  additionalProperties: false,
} as const;
export type AccessListResponse = FromSchema<typeof accessListResponse>;

/** `POST /internal/orgs/{organizationId}/guests` (identity, asked by a granting context): who became a guest, and ids that are no user. */
export const addGuestsResponse = {
  type: 'object',
  properties: { added: { type: 'array', items: { type: 'string' } }, unknown: { type: 'array', items: { type: 'string' } } },
  required: ['added', 'unknown'],
  additionalProperties: false,
} as const;
export type AddGuestsResponse = FromSchema<typeof addGuestsResponse>;

/** `GET /internal/orgs/{organizationId}/members/{userId}/teams` (identity, asked by content): the ids of a member's teams there. */
export const memberTeamIdsResponse = {
  type: 'object',
  properties: { teams: { type: 'array', items: { type: 'string' } } },
  required: ['teams'],
  additionalProperties: false,
} as const;
export type MemberTeamIdsResponse = FromSchema<typeof memberTeamIdsResponse>;

/**
 * `GET /internal/orgs/by-hostname/{hostname}` (identity, asked by integrations): the interface's Organization
 * (as `GET /v1/orgs/{id}` answers it), with the fields its callers read.
 */
export const organizationByHostnameResponse = {
  type: 'object',
  properties: {
    object: { const: 'organization' },
    id: { type: 'string' },
    title: { type: 'string' },
    createdAt: { type: 'string', format: 'date-time' },
    hostname: { type: 'string' },
    mergeRules: mergeRulesStandaloneSchema,
  },
  required: ['object', 'id', 'title', 'createdAt'],
  additionalProperties: true,
} as const;
export type OrganizationJson = FromSchema<typeof organizationByHostnameResponse>;
