import { errors, jwtVerify } from 'jose';
import { signingKeyBytes } from '../domain/site-publishing-auth';

/**
 * Verifying a visitor's token (docs/adr/0041): a JWT signed by the site's backend with the site's
 * `privateKey`. HS256 only (the algorithm is pinned, so `none` or an asymmetric algorithm with the key as a
 * "public key" never passes), `exp` required, a small clock skew tolerated. No I/O; unit-tested.
 */

/** Seconds of clock difference tolerated between the visitor's backend and this server. */
export const CLOCK_SKEW_SECONDS = 30;
/** Longer than any token that fits in a cookie: refused before any parsing. */
export const TOKEN_MAX_LENGTH = 4096;

export type TokenRefusal = 'malformed' | 'expired' | 'no-expiry' | 'bad-signature' | 'no-key';

export type TokenCheck = { ok: true; claims: Record<string, unknown>; expiresAt: Date } | { ok: false; reason: TokenRefusal };

/** Whether `token` was signed with `privateKey` (the site's current key, or undefined when it has none) and is still valid at `now`. */
export async function verifyVisitorToken(token: string, privateKey: string | undefined, now: Date = new Date()): Promise<TokenCheck> {
  if (!privateKey) return { ok: false, reason: 'no-key' };
  if (token.length === 0 || token.length > TOKEN_MAX_LENGTH) return { ok: false, reason: 'malformed' };
  try {
    const { payload } = await jwtVerify(token, signingKeyBytes(privateKey), {
      algorithms: ['HS256'],
      requiredClaims: ['exp'],
      clockTolerance: CLOCK_SKEW_SECONDS,
      currentDate: now,
    });
    // requiredClaims made sure `exp` is there, and jose that it is a number.
    return { ok: true, claims: { ...payload }, expiresAt: new Date(Number(payload.exp) * 1000) };
  } catch (err) {
    return { ok: false, reason: refusalOf(err) };
  }
}

function refusalOf(err: unknown): TokenRefusal {
  if (err instanceof errors.JWTExpired) return 'expired';
  if (err instanceof errors.JWTClaimValidationFailed && err.claim === 'exp') return 'no-expiry';
  if (err instanceof errors.JWSSignatureVerificationFailed) return 'bad-signature';
  // A wrong algorithm, a broken structure or payload, a `nbf` in the future: not a token of this site.
  return 'malformed';
}
