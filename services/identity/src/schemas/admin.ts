import { emailSchema, type FromSchema } from '@dp/http';

export const createUserBody = {
  type: 'object',
  properties: {
    email: emailSchema,
    displayName: { type: 'string', minLength: 1, maxLength: 64 },
  },
  required: ['email', 'displayName'],
  additionalProperties: false,
} as const;

export type CreateUserBody = FromSchema<typeof createUserBody>;

/** `POST /v1/admin/users`: the user (GitBook's User) and an API token for it, this once. */
export const createdUserResponses = {
  201: {
    type: 'object',
    properties: { user: { $ref: '#/components/schemas/User' }, token: { type: 'string', minLength: 1 } },
    required: ['user', 'token'],
    additionalProperties: false,
  },
} as const;
