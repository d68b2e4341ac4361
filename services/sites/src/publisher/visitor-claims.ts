import { declaredClaims, UNSIGNED, type AdaptiveSchemaJson, type DeclaredClaim } from '../domain/adaptive-schema';
import type { Visitor } from '../domain/conditions';

/**
 * The claims of a visitor of an adaptive site (docs/adr/0041): `visitor.claims` are the claims of their
 * verified token, and `visitor.claims.unsigned` the unsigned claims the site's adaptive schema declares, from
 * the documented unsigned sources: the `gitbook-visitor-public` cookie (a JSON object, which the visitor's own
 * app or the visitor may set) and `visitor.<claim>` query parameters (which win over the cookie). Unsigned
 * claims are anyone's to forge: only conditions that may be wrong for a tampering visitor should use them.
 * Pure; unit-tested. `evaluateCondition` reads whatever shape comes out safely; this keeps it small.
 */

/** Query parameters `visitor.<claim>=<value>` carry unsigned claims. */
export const UNSIGNED_QUERY_PREFIX = 'visitor.';
/** A public cookie longer than this is ignored. */
export const PUBLIC_COOKIE_MAX_LENGTH = 4096;
/** A string claim longer than this is dropped. */
export const CLAIM_STRING_MAX_LENGTH = 1000;

export type UnsignedClaims = Record<string, boolean | number | string>;

/** A visitor whose signed claims are `signed` (a token's payload, or none) and unsigned ones `unsigned`. */
export function visitorOf(signed: Record<string, unknown> | undefined, unsigned: UnsignedClaims): Visitor {
  const claims: Record<string, unknown> = {};
  // A token cannot speak for the unsigned claims: its own `unsigned` is dropped, whatever it holds.
  for (const [name, value] of Object.entries(signed ?? {})) if (name !== UNSIGNED) claims[name] = value;
  claims[UNSIGNED] = unsigned;
  return { claims };
}

/**
 * The unsigned claims the schema declares, read from the public cookie's JSON and then the query (which
 * wins), each of its declared type: a query value is text, read as the declared boolean (`true`/`false`) or
 * number; a cookie value must already be of that type. Undeclared, mistyped or oversized values are dropped.
 */
export function unsignedClaims(schema: AdaptiveSchemaJson | null, publicCookie: string | undefined, query: URLSearchParams): UnsignedClaims {
  const declared = declaredClaims(schema).unsigned;
  const fromCookie = parseCookieJson(publicCookie);
  const out: UnsignedClaims = {};
  for (const claim of declared) {
    const queried = query.get(`${UNSIGNED_QUERY_PREFIX}${claim.name}`);
    const value = queried !== null ? fromText(claim, queried) : fromJson(claim, ownValue(fromCookie, claim.name));
    if (value !== undefined) out[claim.name] = value;
  }
  return out;
}

/** Query parameters that are unsigned claims of the schema, to remember them in the public cookie. */
export function hasQueriedUnsignedClaims(schema: AdaptiveSchemaJson | null, query: URLSearchParams): boolean {
  return declaredClaims(schema).unsigned.some((claim) => query.has(`${UNSIGNED_QUERY_PREFIX}${claim.name}`));
}

function parseCookieJson(text: string | undefined): Record<string, unknown> {
  if (!text || text.length > PUBLIC_COOKIE_MAX_LENGTH) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? { ...parsed } : {};
  } catch {
    return {};
  }
}

const ownValue = (record: Record<string, unknown>, key: string): unknown => (Object.prototype.hasOwnProperty.call(record, key) ? record[key] : undefined);

function fromJson(claim: DeclaredClaim, value: unknown): boolean | number | string | undefined {
  if (claim.type === 'boolean') return typeof value === 'boolean' ? value : undefined;
  if (claim.type === 'number') return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
  return typeof value === 'string' && value.length <= CLAIM_STRING_MAX_LENGTH ? value : undefined;
}

function fromText(claim: DeclaredClaim, text: string): boolean | number | string | undefined {
  if (claim.type === 'boolean') return text === 'true' ? true : text === 'false' ? false : undefined;
  if (claim.type === 'number') {
    const n = text.trim() === '' ? NaN : Number(text);
    return Number.isFinite(n) ? n : undefined;
  }
  return text.length <= CLAIM_STRING_MAX_LENGTH ? text : undefined;
}
