import type { Request } from 'express';
import type { Knex } from 'knex';
import { ASSERTION_HEADER, hashApiToken, signAssertion, type Caller } from '@dp/auth';
import { HttpError, unauthorized } from '@dp/http';
import type { Logger } from '@dp/log';
import { findPrincipal } from './data/principals';

export interface PrincipalResolver {
  (token: string): Promise<Caller>;
}

/**
 * Resolves a bearer token on every request, with no cache, so revoking a token, removing a member or
 * lowering a role takes effect on the next call (docs/adr/0003), by one call of identity's principal
 * function (docs/adr/0013). The database failing is 503, never a wrong 401.
 */
export function principalResolver(db: Knex, log: Logger): PrincipalResolver {
  return async (token) => {
    let caller: Caller | undefined;
    try {
      caller = await findPrincipal(db, hashApiToken(token));
    } catch (err) {
      log.warn({ err: (err as Error).message }, 'principal lookup failed');
      throw new HttpError(503, 'Authentication is temporarily unavailable');
    }
    if (!caller) throw unauthorized('The API token is not valid');
    return caller;
  };
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** The token of an `Authorization: Bearer <token>` header, if the request has one. */
export function bearerToken(req: Pick<Request, 'headers'>): string | undefined {
  return BEARER.exec(req.headers.authorization ?? '')?.[1];
}

/**
 * Authenticates the bearer token once, then replaces it with a signed caller assertion for the service (any
 * assertion the client sent is dropped first). Throws 401 without a bearer token.
 */
export async function authenticateRequest(req: Request, resolve: PrincipalResolver, secret: string): Promise<void> {
  delete req.headers[ASSERTION_HEADER];
  const token = bearerToken(req);
  if (!token) throw unauthorized();
  const caller = await resolve(token);
  delete req.headers.authorization;
  req.headers[ASSERTION_HEADER] = signAssertion(caller, secret);
  req.headers['x-request-id'] = req.id;
}
