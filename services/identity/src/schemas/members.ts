import { roleSchema } from '@dp/auth';
import { emailSchema, listQuery, pathParams } from '@dp/http';

export const memberParams = pathParams('organizationId', 'userId');

export const inviteBody = {
  type: 'object',
  properties: {
    emails: {
      type: 'array',
      minItems: 1,
      maxItems: 100,
      items: {
        oneOf: [
          emailSchema,
          { type: 'object', properties: { email: emailSchema, role: roleSchema }, required: ['email', 'role'], additionalProperties: false },
        ],
      },
    },
    role: roleSchema,
    sso: { type: 'boolean' },
  },
  required: ['emails'],
  additionalProperties: false,
} as const;

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
