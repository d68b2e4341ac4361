import { roleSchema } from '@dp/auth';
import { emailSchema, type FromSchema } from '@dp/http';

/** A Role, or null for a guest (the official MemberRoleOrGuest). */
export const roleOrGuestSchema = { oneOf: [roleSchema, { type: 'null' }] } as const;

/** `POST ORG/invites` (the official InviteUsersToOrganization). */
export const inviteUsersBody = {
  type: 'object',
  properties: {
    emails: {
      type: 'array',
      minItems: 1,
      maxItems: 100,
      items: {
        oneOf: [
          emailSchema,
          { type: 'object', properties: { email: emailSchema, role: roleOrGuestSchema }, required: ['email', 'role'], additionalProperties: false },
        ],
      },
    },
    /** The role of the plain emails; absent: the organization's `defaultRole`. */
    role: roleOrGuestSchema,
    /** Invites them as SSO members of the organization. */
    sso: { type: 'boolean' },
  },
  required: ['emails'],
  additionalProperties: false,
} as const;

export type InviteUsersBody = FromSchema<typeof inviteUsersBody>;

