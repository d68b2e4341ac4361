import { LRUCache } from 'lru-cache';

export interface Take {
  allowed: boolean;
  /** Whole requests left in the bucket after this one. */
  remaining: number;
  /** Seconds until one request is allowed again (0 when this one was). */
  retryAfterS: number;
  /** Seconds until the bucket is full again. */
  resetS: number;
}

/**
 * Token buckets, one per caller: `perMinute` requests a minute on average, bursts up to `perMinute`. The rate is
 * given with each request (it follows the number of live gateway replicas, docs/adr/0055): a bucket fuller than
 * a smaller rate is cut down to it. Pure (the clock is passed in), so the rule is unit-tested without timers.
 */
export class RateLimiter {
  private readonly buckets: LRUCache<string, { tokens: number; at: number }>;

  constructor(maxCallers = 100_000) {
    this.buckets = new LRUCache({ max: maxCallers });
  }

  /** Takes one request from `key`'s bucket at `nowMs`: allowed, what is left, when to retry if not, when it is full. */
  take(key: string, nowMs: number, perMinute: number): Take {
    const perMs = perMinute / 60_000;
    const bucket = this.buckets.get(key) ?? { tokens: perMinute, at: nowMs };
    const tokens = Math.min(perMinute, bucket.tokens + (nowMs - bucket.at) * perMs);
    const secondsUntil = (level: number) => Math.ceil((level - tokens) / perMs / 1000);
    if (tokens < 1) {
      this.buckets.set(key, { tokens, at: nowMs });
      return { allowed: false, remaining: 0, retryAfterS: secondsUntil(1), resetS: secondsUntil(perMinute) };
    }
    this.buckets.set(key, { tokens: tokens - 1, at: nowMs });
    return { allowed: true, remaining: Math.floor(tokens - 1), retryAfterS: 0, resetS: secondsUntil(perMinute + 1) };
  }

  /** Returns one request to `key`'s bucket (one that turned out to count elsewhere); the next take caps it at the rate. */
  giveBack(key: string): void {
    const bucket = this.buckets.get(key);
    if (bucket) bucket.tokens += 1;
  }
}
