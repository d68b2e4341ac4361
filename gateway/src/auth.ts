import type { NextFunction, Request, Response } from 'express';
import { ASSERTION_HEADER, signAssertion, type Caller } from '@dp/auth';
import { HttpError, unauthorized } from '@dp/http';

export interface PrincipalResolver {
  (token: string, requestId: string): Promise<Caller>;
}

/**
 * Asks identity who a token belongs to, on every request: no cache, so revoking a token, removing a member
 * or lowering a role takes effect on the next call (docs/adr/0003). One keep-alive round trip, one query.
 */
export function identityResolver(identityUrl: string, secret: string): PrincipalResolver {
  return async (token, requestId) => {
    let res: globalThis.Response;
    try {
      res = await fetch(`${identityUrl}/internal/principal`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-request-id': requestId,
          [ASSERTION_HEADER]: signAssertion({ service: 'gateway', staff: false, memberships: {} }, secret, 30),
        },
        body: JSON.stringify({ token }),
        signal: AbortSignal.timeout(5000),
      });
    } catch {
      throw new HttpError(503, 'Authentication is temporarily unavailable');
    }
    if (res.status === 401 || res.status === 400) throw unauthorized('The API token is not valid');
    if (!res.ok) throw new HttpError(503, 'Authentication is temporarily unavailable');
    return (await res.json()) as Caller;
  };
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** Authenticates the bearer token once, then replaces it with a signed caller assertion for the service. */
export function authenticate(resolve: PrincipalResolver, secret: string) {
  return async (req: Request, _res: Response, next: NextFunction) => {
    delete req.headers[ASSERTION_HEADER];
    const match = BEARER.exec(req.header('authorization') ?? '');
    if (!match) throw unauthorized();
    const caller = await resolve(match[1], req.id);
    delete req.headers.authorization;
    req.headers[ASSERTION_HEADER] = signAssertion(caller, secret);
    req.headers['x-request-id'] = req.id;
    next();
  };
}
