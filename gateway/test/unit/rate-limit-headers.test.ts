import { rateLimitHeaders } from '../../src/rate-limit-headers';

describe('RateLimit headers', () => {
  test('When a request is counted, Then both shapes of the IETF draft say the same limit, remainder and reset', () => {
    expect(rateLimitHeaders(3000, { remaining: 2990, resetS: 1 })).toEqual({
      'ratelimit-limit': '3000',
      'ratelimit-remaining': '2990',
      'ratelimit-reset': '1',
      'ratelimit-policy': '"gateway";q=3000;w=60',
      ratelimit: '"gateway";r=2990;t=1',
    });
  });

  test('When the bucket is empty, Then the remainder is 0 and the reset is when it is whole again', () => {
    expect(rateLimitHeaders(60, { remaining: 0, resetS: 60 })).toMatchObject({ 'ratelimit-remaining': '0', ratelimit: '"gateway";r=0;t=60' });
  });
});
