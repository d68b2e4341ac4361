import { randomBytes } from 'node:crypto';

/**
 * Rules of a site's publishing auth (docs/adr/0041): the key its visitors' tokens are signed with and where a
 * refused visitor goes. Pure apart from the randomness of a new key; unit-tested in test/domain.
 */

/** The official backends. Only `custom` runs here: an authenticated-access integration is not something this platform executes. */
export const VISITOR_AUTH_BACKENDS = ['custom', 'integration'] as const;
export type VisitorAuthBackend = (typeof VISITOR_AUTH_BACKENDS)[number];

/** 32 random bytes: a 256-bit HMAC key, the size HS256 asks for. */
export const SIGNING_KEY_BYTES = 32;

/**
 * A new signing key, as base64url text. Visitors' backends sign with the text itself (its UTF-8 bytes, as
 * `jose` and `jsonwebtoken` do with a string secret), so the key is copied as shown, never decoded.
 */
export const newSigningKey = (): string => randomBytes(SIGNING_KEY_BYTES).toString('base64url');

/** The bytes HS256 signs and verifies with, for a key as stored and shown. */
export const signingKeyBytes = (privateKey: string): Uint8Array => new TextEncoder().encode(privateKey);

/** Longest fallback or logout URL accepted. */
export const AUTH_URL_MAX_LENGTH = 2048;

/**
 * A fallback or logout URL: absolute http(s) only, since visitors are redirected there (a `javascript:` or
 * `data:` URI is a valid URI, never a place to send a browser).
 */
export const AUTH_URL_PATTERN = '^[Hh][Tt][Tt][Pp][Ss]?://[^\\s]+$';

/** Why the backend cannot be chosen, or undefined when it can. */
export function backendProblem(backend: VisitorAuthBackend): string | undefined {
  return backend === 'custom'
    ? undefined
    : 'body.backend "integration" needs an authenticated-access integration installed on the site, which this platform does not run: use "custom" (visitors arrive with a JWT signed with the site\'s privateKey)';
}
