import { backendProblem, newSigningKey, signingKeyBytes, SIGNING_KEY_BYTES, AUTH_URL_PATTERN } from '../../src/domain/site-publishing-auth';

describe('site publishing auth rules', () => {
  test('When a key is made, Then it is 256 random bits as base64url text, different each time', () => {
    const keys = new Set(Array.from({ length: 50 }, () => newSigningKey()));
    expect(keys.size).toBe(50);
    for (const key of keys) {
      expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(key, 'base64url')).toHaveLength(SIGNING_KEY_BYTES);
    }
    expect(SIGNING_KEY_BYTES * 8).toBeGreaterThanOrEqual(256);
  });

  test('When a key is used to sign, Then its bytes are the UTF-8 of the text shown (as jose and jsonwebtoken use a string secret)', () => {
    expect(Buffer.from(signingKeyBytes('abc-_'))).toEqual(Buffer.from('abc-_', 'utf8'));
  });

  test('When the backend is custom, Then it is accepted; integration is refused with the reason', () => {
    expect(backendProblem('custom')).toBeUndefined();
    expect(backendProblem('integration')).toMatch(/use "custom"/);
  });

  test.each([
    ['https://login.example.com/docs?next=1', true],
    ['HTTP://localhost:3000/login', true],
    ['javascript:alert(1)', false],
    ['data:text/html,hi', false],
    ['//example.com', false],
    ['https://exa mple.com', false],
  ])('When the fallback URL is %s, Then the pattern accepts it: %s', (url, accepted) => {
    expect(new RegExp(AUTH_URL_PATTERN).test(url)).toBe(accepted);
  });
});
