import { RateLimiter } from '../../src/rate-limit';

describe('rate limiter', () => {
  test('When a caller sends a minute\'s worth at once, Then the next request is refused until a token has refilled', () => {
    const limiter = new RateLimiter(60); // one a second on average
    for (let i = 0; i < 60; i++) expect(limiter.take('a', 0).allowed).toBe(true);
    const refused = limiter.take('a', 0);
    expect(refused).toEqual({ allowed: false, remaining: 0, retryAfterS: 1 });
    expect(limiter.take('a', 999).allowed).toBe(false);
    expect(limiter.take('a', 1000).allowed).toBe(true);
  });

  test('When callers differ, Then each has its own bucket; a full bucket never holds more than the limit', () => {
    const limiter = new RateLimiter(2);
    expect(limiter.take('a', 0).allowed).toBe(true);
    expect(limiter.take('a', 0).allowed).toBe(true);
    expect(limiter.take('a', 0).allowed).toBe(false);
    expect(limiter.take('b', 0)).toEqual({ allowed: true, remaining: 1, retryAfterS: 0 });
    // after an hour idle: still only 2
    expect(limiter.take('b', 3_600_000).remaining).toBe(1);
    expect(limiter.take('b', 3_600_000).remaining).toBe(0);
    expect(limiter.take('b', 3_600_000).allowed).toBe(false);
  });
});
