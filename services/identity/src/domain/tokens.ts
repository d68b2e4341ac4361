import { randomBytes } from 'node:crypto';

/** An API token: 32 random bytes. Stored only as `hashApiToken(token)` (@dp/auth). */
export function newApiToken(): string {
  return `dp_${randomBytes(32).toString('base64url')}`;
}

/** The longest a token may live: a year. A token that must outlive it is created again (and the old one revoked). */
export const MAX_TOKEN_LIFETIME_DAYS = 365;
const DAY_MS = 86_400_000;

/** Live tokens one user may hold at once: far above any honest use, low enough that a leaked token cannot mint without end. */
export const MAX_LIVE_TOKENS_PER_USER = 100;

/**
 * When a new token expires: at `expiresAt`, or `expiresInDays` from now, or never (null) when neither is given.
 * Returns a problem, naming the field, for an expiry that is not in the future, past the longest lifetime, or
 * given twice.
 */
export function tokenExpiry(input: { expiresAt?: string; expiresInDays?: number }, now: Date): { expiresAt: Date | null } | { problem: string } {
  if (input.expiresAt !== undefined && input.expiresInDays !== undefined) return { problem: 'body.expiresAt and body.expiresInDays cannot both be given' };
  const latest = now.getTime() + MAX_TOKEN_LIFETIME_DAYS * DAY_MS;
  if (input.expiresInDays !== undefined) return { expiresAt: new Date(now.getTime() + input.expiresInDays * DAY_MS) };
  if (input.expiresAt === undefined) return { expiresAt: null };
  const at = new Date(input.expiresAt);
  if (Number.isNaN(at.getTime())) return { problem: 'body.expiresAt must be a date-time' };
  if (at.getTime() <= now.getTime()) return { problem: 'body.expiresAt must be in the future' };
  if (at.getTime() > latest) return { problem: `body.expiresAt must be at most ${MAX_TOKEN_LIFETIME_DAYS} days from now` };
  return { expiresAt: at };
}

export type TokenStatus = 'active' | 'expired' | 'revoked';

/** A token is refused once revoked or past its expiry; revocation is reported first (it is what someone did). */
export function tokenStatus(token: { revoked_at: Date | null; expires_at: Date | null }, now: Date): TokenStatus {
  if (token.revoked_at) return 'revoked';
  if (token.expires_at && token.expires_at.getTime() <= now.getTime()) return 'expired';
  return 'active';
}
