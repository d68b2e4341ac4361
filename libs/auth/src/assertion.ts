import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Role } from '@dp/roles';

/**
 * The caller assertion the gateway forwards to services (`x-caller-assertion`): who calls, with their role per
 * organization, HMAC-SHA256 over base64url JSON, short-lived (docs/adr/0002). A service rejects calls without a
 * valid one, so reaching its port directly bypasses nothing. It stays small (docs/adr/0022): roles travel inline up
 * to INLINE_MEMBERSHIPS_MAX_BYTES; past that the service asks identity once per assertion (`requireCaller`).
 */
// The header name is the service client's (libs/http); re-exported so auth's users find it with the assertion.
export { ASSERTION_HEADER } from '@dp/http';
export const ASSERTION_TTL_SECONDS = 60;
/** Past this size (JSON of the role map and the team ids) the roles stay out of the assertion: far below Node's 16 KB header limit. */
export const INLINE_MEMBERSHIPS_MAX_BYTES = 4096;

export interface Caller {
  /** Absent for the staff token and for services calling for themselves. */
  userId?: string;
  staff: boolean;
  /** Role per organization id. */
  memberships: Record<string, Role>;
  /** The ids of the teams the user is in, in any organization (docs/adr/0097); absent: none. */
  teams?: readonly string[];
  /** Set when a service calls for itself rather than for a user (e.g. the gateway asking identity for a principal). */
  service?: string;
}

/** What a verified assertion says. */
export interface Assertion {
  userId?: string;
  staff: boolean;
  /** Inline role per organization; absent when there were too many: the service asks identity. */
  memberships?: Record<string, Role>;
  /** Inline team ids, travelling (or not) with `memberships`. */
  teams?: readonly string[];
  service?: string;
  /** Expiry, in seconds since the epoch. */
  exp: number;
  /** Makes a worker's assertion unique (signUserAssertion); read by nobody. */
  nonce?: string;
}

function mac(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(payload).digest('base64url');
}

function sign(claims: Assertion, secret: string): string {
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${payload}.${mac(secret, payload)}`;
}

const expiry = (ttlSeconds: number) => Math.floor(Date.now() / 1000) + ttlSeconds;

/** Signs `caller`'s assertion; their roles travel inline only while small (see INLINE_MEMBERSHIPS_MAX_BYTES). */
export function signAssertion(caller: Caller, secret: string, ttlSeconds = ASSERTION_TTL_SECONDS): string {
  const teams = caller.teams?.length ? caller.teams : undefined;
  const inline = !caller.userId || Buffer.byteLength(JSON.stringify([caller.memberships, teams])) <= INLINE_MEMBERSHIPS_MAX_BYTES;
  return sign({ userId: caller.userId, staff: caller.staff, ...(inline ? { memberships: caller.memberships, teams } : {}), exp: expiry(ttlSeconds) }, secret);
}

/**
 * A worker's assertion for a call it makes on a stored user's behalf (the creator of a translation), with no
 * request of theirs to take along: it carries no roles, so the service called reads the user's current roles
 * from identity (docs/adr/0022), exactly as for a user in too many organizations to carry them inline.
 * Each is unique (a nonce): services keep a resolved assertion until it expires (`requireCaller`), and two signed
 * in the same second would otherwise be one, so a check made after a user lost a role (a PDF download) got the
 * roles read for the first.
 */
export function signUserAssertion(userId: string, secret: string, ttlSeconds = ASSERTION_TTL_SECONDS): string {
  return sign({ userId, staff: false, memberships: undefined, exp: expiry(ttlSeconds), nonce: randomBytes(12).toString('base64url') }, secret);
}

/** A service's assertion for a call it makes for itself, on no user's behalf. */
export function signServiceAssertion(service: string, secret: string, ttlSeconds = ASSERTION_TTL_SECONDS): string {
  return sign({ staff: false, memberships: {}, service, exp: expiry(ttlSeconds) }, secret);
}

/** Returns what the assertion says, or undefined when it is missing, tampered with or expired. */
export function verifyAssertion(token: string | undefined, secret: string): Assertion | undefined {
  if (!token) return undefined;
  const dot = token.indexOf('.');
  if (dot <= 0) return undefined;
  const payload = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1));
  const expected = Buffer.from(mac(secret, payload));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Partial<Assertion>;
    if (typeof claims.exp !== 'number' || claims.exp < Date.now() / 1000) return undefined;
    const teams = Array.isArray(claims.teams) ? claims.teams.filter((t): t is string => typeof t === 'string') : undefined;
    return { userId: claims.userId, staff: !!claims.staff, memberships: claims.memberships, teams, service: claims.service, exp: claims.exp };
  } catch {
    return undefined;
  }
}
