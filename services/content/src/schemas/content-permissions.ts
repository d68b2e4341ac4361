import { idParam, listQuery, pathParams } from '@dp/http';
import { ROLES } from '@dp/auth';

export { spaceParams } from './spaces';
export const spaceUserParams = pathParams('spaceId', 'userId');
export const collectionParams = pathParams('collectionId');
export const collectionUserParams = pathParams('collectionId', 'userId');
export const spaceTeamParams = pathParams('spaceId', 'teamId');
export const collectionTeamParams = pathParams('collectionId', 'teamId');

const roleOrGuest = { enum: [...ROLES, null] } as const;

/** Official InviteUsersAndTeams: a role, and users or teams (at most 100 of each per call). */
export const inviteBody = {
  type: 'object',
  properties: {
    role: roleOrGuest,
    users: { type: 'array', minItems: 1, maxItems: 100, items: idParam },
    teams: { type: 'array', minItems: 1, maxItems: 100, items: idParam },
  },
  required: ['role'],
  anyOf: [{ properties: { users: {} }, required: ['users'] }, { properties: { teams: {} }, required: ['teams'] }],
  additionalProperties: false,
} as const;

export const updateGrantBody = { type: 'object', properties: { role: roleOrGuest }, required: ['role'], additionalProperties: false } as const;

export const grantsQuery = listQuery();

export const memberParams = pathParams('organizationId', 'userId');
/** The official list parameters and its `order` (newest first by default). */
export const memberSpacesQuery = listQuery({ order: { type: 'string', enum: ['asc', 'desc'] } });
