import { createHash, randomBytes } from 'node:crypto';

/**
 * API tokens are 32 random bytes: far beyond guessing, so one SHA-256 is enough to store them safely
 * (a slow password hash would only slow every request down).
 */
export function newApiToken(): string {
  return `dp_${randomBytes(32).toString('base64url')}`;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
