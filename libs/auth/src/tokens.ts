import { createHash } from 'node:crypto';

/**
 * How an API token is stored and looked up: SHA-256, hex. Identity stores this when it issues a token and
 * the gateway sends it (never the token itself, so no secret reaches the database or its logs) when it
 * resolves a caller. Tokens are 32 random bytes, far beyond guessing: a slow password hash would only slow
 * every request down.
 */
export function hashApiToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
