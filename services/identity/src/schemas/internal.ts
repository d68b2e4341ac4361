/** `POST /internal/principals`: the SHA-256 (hex) of an API token, never the token. */
export const principalBody = {
  type: 'object',
  properties: { tokenHash: { type: 'string', pattern: '^[0-9a-f]{64}$' } },
  required: ['tokenHash'],
  additionalProperties: false,
} as const;
