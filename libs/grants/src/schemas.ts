import { idParam, listQuery } from '@dp/http';
import { ROLES, roleSchema } from '@dp/auth';

const roleOrGuest = { enum: [...ROLES, null] } as const;

/** Official InviteUsersAndTeams (and InviteSiteUsersAndTeams): a role, and users or teams (at most 100 of each per call). */
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

/** The official aggregate list: its page, and `role` (only those whose role there is exactly it). */
export const aggregateQuery = listQuery({ role: roleSchema });
