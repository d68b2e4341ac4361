import { RateLimiter } from '@dp/http';
import { replicaShare } from '../../src/rate-limit';

/** A limiter held at one rate, as the gateway's is while the replica count does not change. */
const limiterAt = (perMinute: number) => {
  const limiter = new RateLimiter();
  return { take: (key: string, nowMs: number) => limiter.take(key, nowMs, perMinute) };
};

describe('rate limiter', () => {
  test('When a caller sends a minute\'s worth at once, Then the next request is refused until a token has refilled', () => {
    const limiter = limiterAt(60); // one a second on average
    for (let i = 0; i < 60; i++) expect(limiter.take('a', 0).allowed).toBe(true);
    const refused = limiter.take('a', 0);
    expect(refused).toEqual({ allowed: false, remaining: 0, retryAfterS: 1, resetS: 60 });
    expect(limiter.take('a', 999).allowed).toBe(false);
    expect(limiter.take('a', 1000).allowed).toBe(true);
  });

  test('When callers differ, Then each has its own bucket; a full bucket never holds more than the limit', () => {
    const limiter = limiterAt(2);
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
    const limiter = limiterAt(60);
    for (let i = 0; i < 10; i++) limiter.take('a', 0);
    expect(limiter.take('a', 0)).toEqual({ allowed: true, remaining: 49, retryAfterS: 0, resetS: 11 });
    expect(limiter.take('a', 5000)).toMatchObject({ remaining: 53, resetS: 7 });
  });
});

describe('a rate that changes with the replica count', () => {
  test('When more replicas come, Then a full bucket is cut to the smaller share; when they go, it refills up to the larger one', () => {
    const limiter = new RateLimiter();
    expect(limiter.take('a', 0, 60)).toMatchObject({ allowed: true, remaining: 59 });
    expect(limiter.take('a', 0, 20)).toMatchObject({ allowed: true, remaining: 19 });
    for (let i = 0; i < 19; i++) limiter.take('a', 0, 20);
    expect(limiter.take('a', 0, 20).allowed).toBe(false);
    // Back to one replica: the bucket refills at the larger rate, up to it.
    expect(limiter.take('a', 60_000, 60)).toMatchObject({ allowed: true, remaining: 59 });
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

  test('When a request is given back, Then the bucket has it again, never more than the limit', () => {
    const limiter = new RateLimiter();
    expect(limiter.take('a', 0, 2).remaining).toBe(1);
    expect(limiter.take('a', 0, 2).remaining).toBe(0);
    limiter.giveBack('a');
    expect(limiter.take('a', 0, 2)).toMatchObject({ allowed: true, remaining: 0 });
    expect(limiter.take('a', 0, 2).allowed).toBe(false);
    limiter.giveBack('a');
    limiter.giveBack('a');
    limiter.giveBack('a');
    expect(limiter.take('a', 0, 2).remaining).toBe(1);
    // A key never counted has nothing to give back.
    limiter.giveBack('b');
    expect(limiter.take('b', 0, 2).remaining).toBe(1);
  });
});
