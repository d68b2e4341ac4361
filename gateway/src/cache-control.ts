import type { NextFunction, Request, Response } from 'express';

/**
 * Directives that let a shared cache store an answer to a request with an Authorization header (RFC 9111 §3.5);
 * without one of them, a service's own caching (`private`, `max-age` of an integration's render) is for the
 * caller's own client.
 */
const SHAREABLE = /(?:^|,)\s*(?:public|s-maxage|must-revalidate|proxy-revalidate)\s*(?:[=,]|$)/i;

/**
 * Caching of answers to requests that carry credentials (docs/adr/0062): they hold one caller's data. Without a
 * Cache-Control of the service's, `no-store`: nothing keeps them. A service that chose its own caching for the
 * caller's client keeps it (a revision's file bytes `private, immutable`; an integration's render, whose
 * `max-age` the script sets as on GitBook); one that would let a shared cache keep it gets `no-store` instead.
 */
export function cacheControlWithCredentials(upstream: string | undefined): string {
  return upstream === undefined || upstream.trim() === '' || SHAREABLE.test(upstream) ? 'no-store' : upstream;
}

/**
 * Marks the gateway's own answers to a request with an Authorization header `no-store` (401, 429, 502...);
 * a proxied answer's header is then the service's, as `cacheControlWithCredentials` has it.
 */
export function noStoreWithCredentials(req: Request, res: Response, next: NextFunction): void {
  if (req.headers.authorization !== undefined) res.setHeader('cache-control', 'no-store');
  next();
}
