import type { NextFunction, Request, Response } from 'express';
import { LRUCache } from 'lru-cache';
import { errorBody } from '@dp/http';
import { bearerTokenHash } from './auth';
import { RATE_LIMIT_WINDOW_S, rateLimitHeaders } from './rate-limit-headers';

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
}

/**
 * What one gateway process enforces of the deployment's limit: an equal share per replica, at least one request
 * (docs/adr/0051). Without a shared counter, the shares add up to the limit when the load balancer spreads a
 * caller's requests evenly; a caller held to one replica gets only that replica's share.
 */
export function replicaShare(perMinute: number, replicas: number): number {
  return Math.max(1, Math.ceil(perMinute / Math.max(1, replicas)));
}

/**
 * The gateway's rate limit, before authentication (a flood never reaches identity): per API token (its
 * hash, so no token is kept in memory), or per client address without one (`req.ip`: X-Forwarded-For counts
 * only from the proxies `TRUST_PROXY` names). `perMinute` is the deployment's limit; this process enforces its
 * share of `replicas()`, asked per request (the live count, docs/adr/0055). Every answer carries the RateLimit
 * headers; a 429 also `Retry-After`. `perMinute` 0 turns it off.
 */
export function rateLimit({ perMinute, replicas }: { perMinute: number; replicas: () => number }) {
  if (perMinute <= 0) return (_req: Request, _res: Response, next: NextFunction) => next();
  const limiter = new RateLimiter();
  return (req: Request, res: Response, next: NextFunction) => {
    const tokenHash = bearerTokenHash(req);
    const key = tokenHash ? `t:${tokenHash}` : `ip:${req.ip ?? ''}`;
    const share = replicaShare(perMinute, replicas());
    const taken = limiter.take(key, Date.now(), share);
    res.set(rateLimitHeaders(share, taken));
    if (taken.allowed) return next();
    res.setHeader('retry-after', String(taken.retryAfterS));
    res
      .status(429)
      .json(errorBody(429, `Too many requests: at most ${share} in ${RATE_LIMIT_WINDOW_S} s on this gateway replica; retry in ${taken.retryAfterS} s`));
  };
}
