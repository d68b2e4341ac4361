import type { NextFunction, Request, Response } from 'express';
import { LRUCache } from 'lru-cache';
import { errorBody } from '@dp/http';
import { bearerTokenHash } from './auth';

/**
 * Token buckets, one per caller: `perMinute` requests a minute on average, bursts up to `perMinute`.
 * Pure (the clock is passed in), so the rule is unit-tested without timers.
 */
export class RateLimiter {
  private readonly buckets: LRUCache<string, { tokens: number; at: number }>;

  constructor(
    private readonly perMinute: number,
    maxCallers = 100_000,
  ) {
    this.buckets = new LRUCache({ max: maxCallers });
  }

  /** Takes one request from `key`'s bucket at `nowMs`: allowed, what is left, and when to retry if not. */
  take(key: string, nowMs: number): { allowed: boolean; remaining: number; retryAfterS: number } {
    const perMs = this.perMinute / 60_000;
    const bucket = this.buckets.get(key) ?? { tokens: this.perMinute, at: nowMs };
    const tokens = Math.min(this.perMinute, bucket.tokens + (nowMs - bucket.at) * perMs);
    if (tokens < 1) {
      this.buckets.set(key, { tokens, at: nowMs });
      return { allowed: false, remaining: 0, retryAfterS: Math.ceil((1 - tokens) / perMs / 1000) };
    }
    this.buckets.set(key, { tokens: tokens - 1, at: nowMs });
    return { allowed: true, remaining: Math.floor(tokens - 1), retryAfterS: 0 };
  }
}

/**
 * The gateway's rate limit, before authentication (a flood never reaches identity): per API token (its
 * hash, so no token is kept in memory), or per client address without one. Per gateway process: with N
 * replicas a caller gets up to N times the limit (docs/adr/0017). `perMinute` 0 turns it off.
 */
export function rateLimit(perMinute: number) {
  if (perMinute <= 0) return (_req: Request, _res: Response, next: NextFunction) => next();
  const limiter = new RateLimiter(perMinute);
  return (req: Request, res: Response, next: NextFunction) => {
    const tokenHash = bearerTokenHash(req);
    const key = tokenHash ? `t:${tokenHash}` : `ip:${req.socket.remoteAddress ?? ''}`;
    const { allowed, remaining, retryAfterS } = limiter.take(key, Date.now());
    res.setHeader('ratelimit-limit', String(perMinute));
    res.setHeader('ratelimit-remaining', String(remaining));
    if (allowed) return next();
    res.setHeader('retry-after', String(retryAfterS));
    res.status(429).json(errorBody(429, `Too many requests: at most ${perMinute} a minute; retry in ${retryAfterS} s`));
  };
}
