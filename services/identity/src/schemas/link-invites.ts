import { listQuery, pathParams, type FromSchema } from '@dp/http';
import { roleOrGuestSchema } from './invites';

export const linkInviteParams = pathParams('organizationId', 'inviteId');
export const listLinkInvitesQuery = listQuery();

/**
 * `POST ORG/link-invites` (the official CreateOrganizationInvite). Only its organization variant, `{role}`, is
 * served; the space and collection variants (`{space, level}`, `{collection, level}`) are declared so that the
 * command can refuse them by name: content invites do not exist on this platform.
 */
export const createLinkInviteBody = {
  type: 'object',
  properties: {
    role: roleOrGuestSchema,
    space: { type: 'string', maxLength: 100 },
    collection: { type: 'string', maxLength: 100 },
    level: roleOrGuestSchema,
  },
  additionalProperties: false,
} as const;

export type CreateLinkInviteBody = FromSchema<typeof createLinkInviteBody>;

/** `PATCH ORG/link-invites/{inviteId}`: the organization variant of the official body, `{role}`. */
export const updateLinkInviteBody = {
  type: 'object',
  properties: { role: roleOrGuestSchema },
  required: ['role'],
  additionalProperties: false,
} as const;
