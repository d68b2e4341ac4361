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
