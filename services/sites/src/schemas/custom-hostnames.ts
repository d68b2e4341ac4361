import { HOSTNAME_MAX_LENGTH } from '../domain/site-rules';

/** A hostname as a path parameter: any case (compared case-insensitively), bounded. */
export const hostnameParams = {
  type: 'object',
  properties: { hostname: { type: 'string', minLength: 1, maxLength: HOSTNAME_MAX_LENGTH, pattern: '^[A-Za-z0-9.-]+$' } },
  required: ['hostname'],
} as const;
