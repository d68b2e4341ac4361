import { roleSchema } from '@dp/auth';
import { listQuery, pathParams } from '@dp/http';

export const memberParams = pathParams('organizationId', 'userId');

export const updateMemberBody = {
  type: 'object',
  properties: { role: roleSchema },
  required: ['role'],
  additionalProperties: false,
} as const;

export const listMembersQuery = listQuery({
  // `guest`: the members without an organization-wide role.
  role: { type: 'string', enum: [...roleSchema.enum, 'guest'] },
  search: { type: 'string', maxLength: 200 },
  order: { type: 'string', enum: ['asc', 'desc'] },
  sort: { type: 'string', enum: ['joinedAt', 'lastSeenAt', 'name'] },
});
