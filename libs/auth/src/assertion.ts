import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Role } from './roles';

/**
 * The caller assertion the gateway forwards to services (header `x-caller-assertion`): who is calling and
 * their role in each organization, as identity said on this very request. HMAC-SHA256 over base64url JSON,
 * short-lived; a service rejects calls without a valid one, so reaching its port directly bypasses nothing.
 */
export const ASSERTION_HEADER = 'x-caller-assertion';
export const ASSERTION_TTL_SECONDS = 60;

export interface Caller {
  /** Absent for the staff token. */
  userId?: string;
  staff: boolean;
  /** Role per organization id. */
  memberships: Record<string, Role>;
}

interface Claims extends Caller {
  exp: number;
}

function mac(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(payload).digest('base64url');
}

export function signAssertion(caller: Caller, secret: string, ttlSeconds = ASSERTION_TTL_SECONDS): string {
  const claims: Claims = { ...caller, exp: Math.floor(Date.now() / 1000) + ttlSeconds };
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${payload}.${mac(secret, payload)}`;
}

/** Returns the caller, or undefined when the assertion is missing, tampered with or expired. */
export function verifyAssertion(token: string | undefined, secret: string): Caller | undefined {
  if (!token) return undefined;
  const dot = token.indexOf('.');
  if (dot <= 0) return undefined;
  const payload = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1));
  const expected = Buffer.from(mac(secret, payload));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Claims;
    if (typeof claims.exp !== 'number' || claims.exp < Date.now() / 1000) return undefined;
    return { userId: claims.userId, staff: !!claims.staff, memberships: claims.memberships ?? {} };
  } catch {
    return undefined;
  }
}
