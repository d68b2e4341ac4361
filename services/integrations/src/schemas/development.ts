import { type FromSchema } from '@dp/http';

/** The official `setIntegrationDevelopmentMode` body: where events go while developing, and for whom. */
export const developmentModeBody = {
  type: 'object',
  properties: {
    tunnelUrl: { type: 'string', minLength: 1, maxLength: 256 },
    all: { type: 'boolean', default: false },
  },
  required: ['tunnelUrl'],
  additionalProperties: false,
} as const;
export type DevelopmentModeBody = FromSchema<typeof developmentModeBody>;
