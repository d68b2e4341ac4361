import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { callerId, type Caller } from '@dp/auth';
import { errorBody, RateLimiter } from '@dp/http';
import { bearerTokenHash, principalOf } from './auth';
import type { PrincipalCache } from './principal-cache';
import { RATE_LIMIT_WINDOW_S, rateLimitHeaders } from './rate-limit-headers';

/**
 * What one gateway process enforces of the deployment's limit: an equal share per replica, at least one request
 * (docs/adr/0051). Without a shared counter, the shares add up to the limit when the load balancer spreads a
 * caller's requests evenly; a caller held to one replica gets only that replica's share.
 */
export function replicaShare(perMinute: number, replicas: number): number {
  return Math.max(1, Math.ceil(perMinute / Math.max(1, replicas)));
}

/** Who a request is counted as: its client address (`req.ip`: X-Forwarded-For only from TRUST_PROXY's proxies). */
const addressKey = (req: Request) => `a:${req.ip ?? ''}`;
/** A resolved principal: the user (every token of theirs shares one budget), or `staff`. */
const principalKey = (caller: Caller) => `p:${callerId(caller)}`;

export interface RateLimits {
  /** Counts the request by its client address alone (the public sign-in paths, the gateway's own pages). */
  byAddress: RequestHandler;
  /**
   * Counts an anonymous request, or one whose token is not known to be valid yet, by its client address before
   * identity is asked; once identity says whose the token is, by that principal instead (docs/adr/0062).
   */
  byCaller: RequestHandler;
}

/**
 * The gateway's rate limit (docs/adr/0017, 0051, 0055, 0062). Keyed by the token alone, every random token got a
 * fresh budget and a lookup at identity: so a request counts against its client address until its principal is
 * known, then the principal's. A token the principal cache holds counts by principal at once (a flood from a shared
 * address does not hold back a cached user); a token that proves valid gives its address's request back. This
 * process enforces its share of `perMinute` across `replicas()`, asked per request (0: off); every answer carries the
 * RateLimit headers of the bucket that counted it, a 429 also `Retry-After`.
 */
export function rateLimit({ perMinute, replicas, principals }: { perMinute: number; replicas: () => number; principals: PrincipalCache }): RateLimits {
  if (perMinute <= 0) {
    const off: RequestHandler = (_req, _res, next) => next();
    return { byAddress: off, byCaller: off };
  }
  const limiter = new RateLimiter();
  /** Takes one request from `key`'s bucket, sets the headers; false (and a 429 answered) past the budget. */
  const charge = (key: string, res: Response): boolean => {
    const share = replicaShare(perMinute, replicas());
    const taken = limiter.take(key, Date.now(), share);
    res.set(rateLimitHeaders(share, taken));
    if (taken.allowed) return true;
    res.setHeader('retry-after', String(taken.retryAfterS));
    res.status(429).json(errorBody(429, `Too many requests: at most ${share} in ${RATE_LIMIT_WINDOW_S} s on this gateway replica; retry in ${taken.retryAfterS} s`));
    return false;
  };
  const byAddress: RequestHandler = (req, res, next) => {
    if (charge(addressKey(req), res)) next();
  };
  const byCaller = async (req: Request, res: Response, next: NextFunction) => {
    const tokenHash = bearerTokenHash(req);
    if (!tokenHash) return byAddress(req, res, next);
    const askingIdentity = !principals.holds(tokenHash);
    if (askingIdentity && !charge(addressKey(req), res)) return;
    // Failing (identity unreachable: 503) or unknown (401 later), the request stays counted by its address.
    const principal = await principalOf(req, principals);
    if (!principal) return next();
    if (askingIdentity) limiter.giveBack(addressKey(req));
    if (charge(principalKey(principal.caller), res)) next();
  };
  return { byAddress, byCaller };
}
