import { MAX_TOKEN_LIFETIME_DAYS, tokenExpiry, tokenStatus } from '../../src/domain/tokens';

const now = new Date('2026-12-01T12:00:00.000Z');
const DAY = 86_400_000;

describe('token expiry', () => {
  test('When no expiry is given, Then the token never expires', () => {
    expect(tokenExpiry({}, now)).toEqual({ expiresAt: null });
  });

  test('When an expiry is given as a date-time or in days, Then it is that moment', () => {
    expect(tokenExpiry({ expiresAt: '2026-12-02T00:00:00Z' }, now)).toEqual({ expiresAt: new Date('2026-12-02T00:00:00Z') });
    expect(tokenExpiry({ expiresInDays: 7 }, now)).toEqual({ expiresAt: new Date(now.getTime() + 7 * DAY) });
    expect(tokenExpiry({ expiresAt: new Date(now.getTime() + MAX_TOKEN_LIFETIME_DAYS * DAY).toISOString() }, now)).toHaveProperty('expiresAt');
  });

  test.each([
    [{ expiresAt: now.toISOString() }, 'body.expiresAt must be in the future'],
    [{ expiresAt: '2020-01-01T00:00:00Z' }, 'body.expiresAt must be in the future'],
    [{ expiresAt: new Date(now.getTime() + MAX_TOKEN_LIFETIME_DAYS * DAY + 1).toISOString() }, 'body.expiresAt must be at most 365 days from now'],
    [{ expiresAt: 'soon' }, 'body.expiresAt must be a date-time'],
    [{ expiresAt: '2027-01-01T00:00:00Z', expiresInDays: 3 }, 'body.expiresAt and body.expiresInDays cannot both be given'],
  ])('When the expiry is %p, Then the problem is named: %p', (input, problem) => {
    expect(tokenExpiry(input, now)).toEqual({ problem });
  });
});

describe('token status', () => {
  test.each([
    [{ revoked_at: null, expires_at: null }, 'active'],
    [{ revoked_at: null, expires_at: new Date(now.getTime() + 1) }, 'active'],
    [{ revoked_at: null, expires_at: now }, 'expired'],
    [{ revoked_at: now, expires_at: new Date(now.getTime() - DAY) }, 'revoked'],
  ])('When a token is %p, Then it is %p', (token, status) => {
    expect(tokenStatus(token, now)).toBe(status);
  });
});
