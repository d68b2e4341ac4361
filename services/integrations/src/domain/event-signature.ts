import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The signature of a request we send an integration (an event delivered to its script or tunnel), in the
 * official header format `X-GitBook-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`,
 * keyed with the integration's signing secret (`environment.signingSecrets.integration`). Computed afresh
 * for every attempt, so its timestamp is the attempt's. Pure, unit-tested.
 */
export const SIGNATURE_HEADER = 'x-gitbook-signature';

export function signatureOf(secret: string, body: Buffer | string, timestampSeconds: number): string {
  const mac = createHmac('sha256', secret).update(`${timestampSeconds}.`).update(body).digest('hex');
  return `t=${timestampSeconds},v1=${mac}`;
}

/**
 * What a receiver does with the header: the signature must match the body and the secret, and its
 * timestamp be within `toleranceSeconds` of `nowSeconds` (a replayed old request is refused).
 */
export function verifySignature(header: string | undefined, body: Buffer | string, secret: string, nowSeconds: number, toleranceSeconds = 300): boolean {
  if (!header) return false;
  const parts = Object.fromEntries(header.split(',').map((part) => [part.slice(0, part.indexOf('=')), part.slice(part.indexOf('=') + 1)]));
  const timestamp = Number(parts.t);
  if (!Number.isInteger(timestamp) || !/^[0-9a-f]{64}$/.test(parts.v1 ?? '')) return false;
  if (Math.abs(nowSeconds - timestamp) > toleranceSeconds) return false;
  const expected = Buffer.from(signatureOf(secret, body, timestamp).split('v1=')[1], 'hex');
  return timingSafeEqual(expected, Buffer.from(parts.v1, 'hex'));
}
