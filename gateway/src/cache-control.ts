import type { NextFunction, Request, Response } from 'express';

/**
 * Caching of answers to requests that carry credentials (docs/adr/0062): they hold one caller's data, so no cache,
 * shared or the client's own, keeps them (`no-store`), unless the service chose `private` caching itself (a
 * revision's file bytes, immutable, kept by the caller's browser alone). A `public` or absent header becomes
 * `no-store`: a service never makes a caller's answer shareable.
 */
export function cacheControlWithCredentials(upstream: string | undefined): string {
  return upstream !== undefined && /(?:^|,)\s*private\s*(?:,|$)/i.test(upstream) ? upstream : 'no-store';
}

/**
 * Marks the gateway's own answers to a request with an Authorization header `no-store` (401, 429, 502...);
 * a proxied answer's header is then the service's, as `cacheControlWithCredentials` has it.
 */
export function noStoreWithCredentials(req: Request, res: Response, next: NextFunction): void {
  if (req.headers.authorization !== undefined) res.setHeader('cache-control', 'no-store');
  next();
}
