import { idParam } from '@dp/http';

/** The official `page` and `only` of GET SPACE/pdf and GET CR/pdf. */
export const pdfQuery = {
  type: 'object',
  properties: { page: idParam, only: { type: 'boolean' } },
} as const;

/** A PDF export's URL: its 256-bit token, base64url. */
export const pdfTokenParams = {
  type: 'object',
  properties: { token: { type: 'string', pattern: '^[A-Za-z0-9_-]{43}$' } },
  required: ['token'],
} as const;
