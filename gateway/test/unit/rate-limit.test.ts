import { RateLimiter, replicaShare } from '../../src/rate-limit';

describe('rate limiter', () => {
  test('When a caller sends a minute\'s worth at once, Then the next request is refused until a token has refilled', () => {
    const limiter = new RateLimiter(60); // one a second on average
    for (let i = 0; i < 60; i++) expect(limiter.take('a', 0).allowed).toBe(true);
    const refused = limiter.take('a', 0);
    expect(refused).toEqual({ allowed: false, remaining: 0, retryAfterS: 1, resetS: 60 });
    expect(limiter.take('a', 999).allowed).toBe(false);
    expect(limiter.take('a', 1000).allowed).toBe(true);
  });

  test('When callers differ, Then each has its own bucket; a full bucket never holds more than the limit', () => {
    const limiter = new RateLimiter(2);
    expect(limiter.take('a', 0).allowed).toBe(true);
    expect(limiter.take('a', 0).allowed).toBe(true);
    expect(limiter.take('a', 0).allowed).toBe(false);
    expect(limiter.take('b', 0)).toEqual({ allowed: true, remaining: 1, retryAfterS: 0, resetS: 30 });
    // after an hour idle: still only 2
    expect(limiter.take('b', 3_600_000).remaining).toBe(1);
    expect(limiter.take('b', 3_600_000).remaining).toBe(0);
    expect(limiter.take('b', 3_600_000).allowed).toBe(false);
  });

  test('When a bucket is partly used, Then its reset is the time until it is full again, and shrinks as it refills', () => {
    const limiter = new RateLimiter(60);
    for (let i = 0; i < 10; i++) limiter.take('a', 0);
    expect(limiter.take('a', 0)).toEqual({ allowed: true, remaining: 49, retryAfterS: 0, resetS: 11 });
    expect(limiter.take('a', 5000)).toMatchObject({ remaining: 53, resetS: 7 });
  });
});

describe('per-replica share of the deployment limit', () => {
  test.each([
    [6000, 1, 6000],
    [6000, 3, 2000],
    [100, 3, 34], // rounded up: the shares add up to at least the limit
    [2, 5, 1], // never below one request
    [6000, 0, 6000], // a replica count below one counts as one
  ])('When the limit is %i a minute over %i replicas, Then each enforces %i', (perMinute, replicas, share) => {
    expect(replicaShare(perMinute, replicas)).toBe(share);
  });
});
