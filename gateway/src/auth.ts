import type { Request } from 'express';
import { ASSERTION_HEADER, callerId, hashApiToken } from '@dp/auth';
import { unauthorized } from '@dp/http';
import type { Principal, PrincipalCache } from './principal-cache';

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** The token of an `Authorization: Bearer <token>` header, if the request has one. */
export function bearerToken(req: Pick<Request, 'headers'>): string | undefined {
  return BEARER.exec(req.headers.authorization ?? '')?.[1];
}

const hashes = new WeakMap<object, string | undefined>();

/**
 * The SHA-256 of the request's bearer token (how identity stores it, and the key of the rate limit and of
 * the principal cache), hashed once per request however many layers ask.
 */
export function bearerTokenHash(req: Pick<Request, 'headers'>): string | undefined {
  if (hashes.has(req)) return hashes.get(req);
  const token = bearerToken(req);
  const hash = token === undefined ? undefined : hashApiToken(token);
  hashes.set(req, hash);
  return hash;
}

const principals = new WeakMap<object, Promise<Principal | undefined>>();

/**
 * The principal of the request's bearer token (undefined without one, or for an unknown token), asked once per
 * request however many layers ask (the rate limit, then authentication): identity does not cache an unknown
 * token, so asking twice would cost it two lookups.
 */
export function principalOf(req: Request, cache: PrincipalCache): Promise<Principal | undefined> {
  let found = principals.get(req);
  if (!found) {
    const tokenHash = bearerTokenHash(req);
    found = tokenHash === undefined ? Promise.resolve(undefined) : cache.resolve(tokenHash);
    principals.set(req, found);
  }
  return found;
}

/**
 * Authenticates the bearer token from the principal cache (docs/adr/0021), then replaces it with the caller's
 * signed assertion for the service (any assertion the client sent is dropped first). Throws 401 without a
 * bearer token or with an unknown one. Returns the token's hash (the caller's cache key).
 */
export async function authenticateRequest(req: Request, cache: PrincipalCache): Promise<string> {
  delete req.headers[ASSERTION_HEADER];
  const tokenHash = bearerTokenHash(req);
  if (!tokenHash) throw unauthorized();
  const principal = await principalOf(req, cache);
  if (!principal) throw unauthorized('The API token is not valid');
  if (req.res) req.res.locals.callerId = callerId(principal.caller);
  delete req.headers.authorization;
  req.headers[ASSERTION_HEADER] = principal.assertion;
  req.headers['x-request-id'] = req.id;
  return tokenHash;
}
