import { idParam, listQuery, pathParams, type FromSchema } from '@dp/http';
import { teamRoleSchema } from '../domain/teams';

export const teamParams = pathParams('organizationId', 'teamId');
export const teamMemberParams = pathParams('organizationId', 'teamId', 'userId');

const title = { type: 'string', minLength: 1, maxLength: 64 } as const;
/** A user named in a members update: their user id or their email, as the official body allows. */
const userRef = { type: 'string', minLength: 1, maxLength: 320 } as const;

export const listTeamsQuery = listQuery({
  // A member id: only the teams that member can manage (every team for an organization admin).
  owner: idParam,
  // Case-insensitive substring of the title.
  title: { type: 'string', maxLength: 64 },
});

export const memberTeamsQuery = listQuery({ title: { type: 'string', maxLength: 64 } });

export const createTeamBody = {
  type: 'object',
  properties: {
    title,
    members: { type: 'array', items: idParam, maxItems: 1000, uniqueItems: true },
  },
  required: ['title'],
  additionalProperties: false,
} as const;
export type CreateTeamBody = FromSchema<typeof createTeamBody>;

export const renameTeamBody = {
  type: 'object',
  properties: { title },
  required: ['title'],
  additionalProperties: false,
} as const;

export const updateTeamMembersBody = {
  type: 'object',
  properties: {
    add: { type: 'array', items: userRef, maxItems: 1000 },
    remove: { type: 'array', items: userRef, maxItems: 1000 },
    memberships: {
      type: 'object',
      maxProperties: 1000,
      additionalProperties: { type: 'object', properties: { role: teamRoleSchema }, required: ['role'], additionalProperties: false },
    },
  },
  additionalProperties: false,
} as const;
export type UpdateTeamMembersBody = FromSchema<typeof updateTeamMembersBody>;

export const putTeamMemberBody = {
  type: 'object',
  properties: { role: teamRoleSchema },
  additionalProperties: false,
} as const;
