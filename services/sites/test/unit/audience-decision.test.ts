import { decideAudience, samePageLocation, type AudienceFacts } from '../../src/publisher/audience-decision';
import type { TokenCheck } from '../../src/publisher/visitor-token';

const now = new Date('2026-12-10T12:00:00Z');
const scope = { path: '/org/site', secure: true };
const valid = (claims: Record<string, unknown> = { isBetaUser: true }): TokenCheck => ({ ok: true, claims, expiresAt: new Date(now.getTime() + 600_000) });
const expired: TokenCheck = { ok: false, reason: 'expired' };
const facts = (over: Partial<AudienceFacts> & { search?: string }): AudienceFacts => ({
  visibility: 'public',
  adaptive: false,
  scope,
  query: new URLSearchParams(over.search ?? ''),
  fallbackURL: null,
  tokenCookieSent: false,
  now,
  ...over,
});

describe('share-link sites', () => {
  test('When no key is presented, Then the site is refused (403) and no cookie is touched', () => {
    expect(decideAudience(facts({ visibility: 'share-link' }))).toEqual({ kind: 'refuse', status: 403, setCookies: [] });
  });

  test('When an active key comes in the query, Then it is kept in a site-scoped cookie and the URL loses the key', () => {
    const outcome = decideAudience(facts({ visibility: 'share-link', search: 'share=k1&x=1', shareFromQuery: { key: 'k1', active: true } }));
    expect(outcome).toEqual({ kind: 'clean-url', query: new URLSearchParams('x=1'), setCookies: ['site-share-key=k1; Path=/org/site; HttpOnly; SameSite=Lax; Secure'] });
  });

  test('When the cookie holds an active key, Then the site is served', () => {
    expect(decideAudience(facts({ visibility: 'share-link', shareFromCookie: { active: true } }))).toEqual({ kind: 'serve', signedClaims: undefined, setCookies: [] });
  });

  test('When the key of the cookie is no longer active (deactivated or deleted link), Then it is refused and the cookie deleted', () => {
    const outcome = decideAudience(facts({ visibility: 'share-link', shareFromCookie: { active: false } }));
    expect(outcome).toEqual({ kind: 'refuse', status: 403, setCookies: ['site-share-key=; Path=/org/site; HttpOnly; SameSite=Lax; Max-Age=0; Secure'] });
  });

  test('When a stale key comes in the query but the cookie is still good, Then it is served from the cookie and the key leaves the URL', () => {
    const outcome = decideAudience(facts({ visibility: 'share-link', search: 'share=old', shareFromQuery: { key: 'old', active: false }, shareFromCookie: { active: true } }));
    expect(outcome).toEqual({ kind: 'clean-url', query: new URLSearchParams(), setCookies: [] });
  });

  test('When the site is public, Then share keys do not matter', () => {
    expect(decideAudience(facts({ search: 'share=x' })).kind).toBe('serve');
  });
});

describe('visitor-auth sites', () => {
  test('When a valid token comes in the query, Then it is kept in a cookie until it expires and the URL loses it', () => {
    const outcome = decideAudience(facts({ visibility: 'visitor-auth', search: 'jwt_token=a.b.c', tokenFromQuery: valid() }));
    expect(outcome).toEqual({ kind: 'clean-url', query: new URLSearchParams(), setCookies: ['gitbook-visitor-token=a.b.c; Path=/org/site; HttpOnly; SameSite=Lax; Max-Age=600; Secure'] });
  });

  test('When the cookie holds a valid token, Then the site is served with its claims', () => {
    expect(decideAudience(facts({ visibility: 'visitor-auth', tokenFromCookie: valid({ a: 1 }), tokenCookieSent: true }))).toEqual({ kind: 'serve', signedClaims: { a: 1 }, setCookies: [] });
  });

  test.each([
    ['no token', {}],
    ['an expired token in the query', { search: 'jwt_token=x', tokenFromQuery: expired }],
    ['a token of another key in the cookie', { tokenFromCookie: { ok: false, reason: 'bad-signature' } as TokenCheck, tokenCookieSent: true }],
  ])('When there is %s, Then it redirects to the fallback URL, or answers 401 without one', (_case, over) => {
    const withFallback = decideAudience(facts({ visibility: 'visitor-auth', fallbackURL: 'https://login.example.com/', ...over }));
    expect(withFallback).toMatchObject({ kind: 'fallback', location: 'https://login.example.com/' });
    expect(decideAudience(facts({ visibility: 'visitor-auth', ...over }))).toMatchObject({ kind: 'refuse', status: 401 });
  });

  test('When a bad token comes while a good cookie is held, Then the cookie is deleted and the visitor refused', () => {
    const outcome = decideAudience(facts({ visibility: 'visitor-auth', search: 'jwt_token=x', tokenFromQuery: expired, tokenCookieSent: true }));
    expect(outcome).toEqual({ kind: 'refuse', status: 401, setCookies: ['gitbook-visitor-token=; Path=/org/site; HttpOnly; SameSite=Lax; Max-Age=0; Secure'] });
  });
});

describe('adaptive sites', () => {
  test('When a public adaptive site gets a valid token, Then its claims are the signed claims', () => {
    expect(decideAudience(facts({ adaptive: true, tokenFromCookie: valid({ plan: 'pro' }), tokenCookieSent: true }))).toEqual({ kind: 'serve', signedClaims: { plan: 'pro' }, setCookies: [] });
  });

  test('When a public adaptive site gets a bad token, Then the visitor is anonymous, not refused', () => {
    expect(decideAudience(facts({ adaptive: true, tokenFromCookie: expired, tokenCookieSent: true }))).toMatchObject({ kind: 'serve', signedClaims: undefined });
    expect(decideAudience(facts({ adaptive: true, search: 'jwt_token=x', tokenFromQuery: expired }))).toEqual({ kind: 'clean-url', query: new URLSearchParams(), setCookies: [] });
  });

  test('When a share-link adaptive site gets both a key and a token, Then one redirect keeps both in cookies', () => {
    const outcome = decideAudience(facts({ visibility: 'share-link', adaptive: true, search: 'share=k&jwt_token=t&a=1', shareFromQuery: { key: 'k', active: true }, tokenFromQuery: valid() }));
    expect(outcome.kind).toBe('clean-url');
    expect(outcome.kind === 'clean-url' && outcome.query.toString()).toBe('a=1');
    expect(outcome.setCookies.map((c) => c.split('=')[0])).toEqual(['site-share-key', 'gitbook-visitor-token']);
  });
});

describe('samePageLocation', () => {
  test('When the page is redirected to itself, Then the location is relative to the page, with what is left of the query', () => {
    expect(samePageLocation('/org/site/guide/setup', new URLSearchParams('a=1'))).toBe('./setup?a=1');
    expect(samePageLocation('/org/site/', new URLSearchParams())).toBe('./');
    expect(samePageLocation('/org/site', new URLSearchParams())).toBe('./site');
  });
});
