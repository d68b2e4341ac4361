import { randomBytes } from 'node:crypto';

/** An API token: 32 random bytes. Stored only as `hashApiToken(token)` (@dp/auth). */
export function newApiToken(): string {
  return `dp_${randomBytes(32).toString('base64url')}`;
}
