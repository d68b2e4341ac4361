import { SignJWT, UnsecuredJWT } from 'jose';
import { CLOCK_SKEW_SECONDS, verifyVisitorToken } from '../../src/publisher/visitor-token';

const KEY = 'site-key-0123456789abcdefghijklmnopqrstuvw';
const OTHER_KEY = 'another-key-0123456789abcdefghijklmnopqrst';
const now = new Date('2026-12-10T12:00:00Z');
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

const sign = (claims: Record<string, unknown>, opts: { key?: string; exp?: number | null; alg?: string } = {}) => {
  const jwt = new SignJWT(claims).setProtectedHeader({ alg: opts.alg ?? 'HS256' }).setIssuedAt(seconds(now));
  if (opts.exp !== null) jwt.setExpirationTime(opts.exp ?? seconds(now) + 3600);
  return jwt.sign(new TextEncoder().encode(opts.key ?? KEY));
};

describe('verifyVisitorToken', () => {
  test('When the token is signed with the site key and not expired, Then its claims and expiry come back', async () => {
    const check = await verifyVisitorToken(await sign({ isBetaUser: true }), KEY, now);
    expect(check).toEqual({ ok: true, claims: expect.objectContaining({ isBetaUser: true }), expiresAt: new Date((seconds(now) + 3600) * 1000) });
  });

  test('When the token is signed with another key (or the key was regenerated), Then it is a bad signature', async () => {
    expect(await verifyVisitorToken(await sign({}, { key: OTHER_KEY }), KEY, now)).toEqual({ ok: false, reason: 'bad-signature' });
  });

  test('When the token expired beyond the clock skew, Then it is expired; within the skew it still passes', async () => {
    expect(await verifyVisitorToken(await sign({}, { exp: seconds(now) - CLOCK_SKEW_SECONDS - 5 }), KEY, now)).toEqual({ ok: false, reason: 'expired' });
    expect((await verifyVisitorToken(await sign({}, { exp: seconds(now) - CLOCK_SKEW_SECONDS + 5 }), KEY, now)).ok).toBe(true);
  });

  test('When the token has no exp, Then it is refused', async () => {
    expect(await verifyVisitorToken(await sign({}, { exp: null }), KEY, now)).toEqual({ ok: false, reason: 'no-expiry' });
  });

  test('When the token uses another algorithm (HS512, or none), Then it is refused even with the right key', async () => {
    expect((await verifyVisitorToken(await sign({}, { alg: 'HS512' }), KEY, now)).ok).toBe(false);
    const unsecured = new UnsecuredJWT({}).setExpirationTime(seconds(now) + 60).encode();
    expect(await verifyVisitorToken(unsecured, KEY, now)).toEqual({ ok: false, reason: 'malformed' });
  });

  test('When the token is not a JWT, is huge, or the site has no key, Then it is refused without throwing', async () => {
    expect(await verifyVisitorToken('not-a-jwt', KEY, now)).toEqual({ ok: false, reason: 'malformed' });
    expect(await verifyVisitorToken('', KEY, now)).toEqual({ ok: false, reason: 'malformed' });
    expect(await verifyVisitorToken('a'.repeat(5000), KEY, now)).toEqual({ ok: false, reason: 'malformed' });
    expect(await verifyVisitorToken(await sign({}), undefined, now)).toEqual({ ok: false, reason: 'no-key' });
  });
});
