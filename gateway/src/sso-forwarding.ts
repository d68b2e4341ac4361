import type { Request } from 'express';
import { ASSERTION_HEADER, signServiceAssertion } from '@dp/auth';

/**
 * A public route (routes.ts `publicRoutes`: the SAML sign-in URLs) is forwarded without any caller: whatever
 * the client sent as a token or an assertion is dropped, and the request carries the gateway's own service
 * assertion, so the service's requireCaller still holds and its handlers can insist on `requireService('gateway')`
 * (a direct call to the service's port, without the shared secret, is still refused).
 */
export function forwardAsGateway(req: Request, secret: string): void {
  delete req.headers[ASSERTION_HEADER];
  delete req.headers.authorization;
  delete req.headers.cookie;
  req.headers[ASSERTION_HEADER] = signServiceAssertion('gateway', secret);
  req.headers['x-request-id'] = req.id;
}
