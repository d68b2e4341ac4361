import http from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import { ASSERTION_HEADER, signAssertion, type Caller } from '@dp/auth';
import { HttpError, unauthorized } from '@dp/http';

export interface PrincipalResolver {
  (token: string, requestId: string): Promise<Caller>;
}

export interface IdentityResolverOptions {
  /** Keep-alive agent to identity; one is created when absent. */
  agent?: http.Agent;
  /** Deadline of one lookup (connect + answer). */
  timeoutMs?: number;
}

const unavailable = () => new HttpError(503, 'Authentication is temporarily unavailable');

/**
 * The gateway's own service assertion for calling identity: it says nothing about any user, so it is signed
 * once and re-signed when half of its TTL is gone instead of on every request.
 */
function serviceAssertion(secret: string, ttlSeconds = 30): () => string {
  let value = '';
  let renewAt = 0;
  return () => {
    const now = Date.now();
    if (now >= renewAt) {
      value = signAssertion({ service: 'gateway', staff: false, memberships: {} }, secret, ttlSeconds);
      renewAt = now + (ttlSeconds * 1000) / 2;
    }
    return value;
  };
}

/**
 * Asks identity who a token belongs to, on every request: no cache, so revoking a token, removing a member
 * or lowering a role takes effect on the next call (docs/adr/0003). One keep-alive round trip, one query.
 * Plain `http.request` on a keep-alive agent: undici's fetch (web streams, AbortSignal) cost more CPU than
 * the rest of the gateway's work per request.
 */
export function identityResolver(identityUrl: string, secret: string, opts: IdentityResolverOptions = {}): PrincipalResolver {
  const base = identityUrl ? new URL(identityUrl) : undefined;
  const agent = opts.agent ?? new http.Agent({ keepAlive: true, maxSockets: 256 });
  const timeoutMs = opts.timeoutMs ?? 5000;
  const assertion = serviceAssertion(secret);
  const path = `${base?.pathname.replace(/\/+$/, '') ?? ''}/internal/principal`;

  const lookup = (token: string, requestId: string, retried: boolean): Promise<Caller> =>
    new Promise<Caller>((resolve, reject) => {
      if (!base || base.protocol !== 'http:') return reject(unavailable());
      const body = JSON.stringify({ token });
      const req = http.request(
        {
          agent,
          host: base.hostname,
          port: base.port || 80,
          path,
          method: 'POST',
          timeout: timeoutMs,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            'x-request-id': requestId,
            [ASSERTION_HEADER]: assertion(),
          },
        },
        (res) => {
          const status = res.statusCode ?? 0;
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('error', () => reject(unavailable()));
          res.on('end', () => {
            if (status === 401 || status === 400) return reject(unauthorized('The API token is not valid'));
            if (status !== 200) return reject(unavailable());
            try {
              resolve(JSON.parse(chunks.length === 1 ? chunks[0].toString() : Buffer.concat(chunks).toString()) as Caller);
            } catch {
              reject(unavailable());
            }
          });
        },
      );
      req.on('timeout', () => req.destroy(new Error('identity lookup timed out')));
      req.on('error', (err: NodeJS.ErrnoException) => {
        // A kept-alive socket that identity closed as we reused it: the lookup is a read, ask once more.
        if (req.reusedSocket && err.code === 'ECONNRESET' && !retried) lookup(token, requestId, true).then(resolve, reject);
        else reject(unavailable());
      });
      req.end(body);
    });

  return (token, requestId) => lookup(token, requestId, false);
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/**
 * Authenticates the bearer token once, then replaces it with a signed caller assertion for the service (any
 * assertion the client sent is dropped first). Throws 401 without a bearer token.
 */
export async function authenticateRequest(req: Request, resolve: PrincipalResolver, secret: string): Promise<void> {
  delete req.headers[ASSERTION_HEADER];
  const match = BEARER.exec(req.headers.authorization ?? '');
  if (!match) throw unauthorized();
  const caller = await resolve(match[1], req.id);
  delete req.headers.authorization;
  req.headers[ASSERTION_HEADER] = signAssertion(caller, secret);
  req.headers['x-request-id'] = req.id;
}

/** `authenticateRequest` as express middleware. */
export function authenticate(resolve: PrincipalResolver, secret: string) {
  return async (req: Request, _res: Response, next: NextFunction) => {
    await authenticateRequest(req, resolve, secret);
    next();
  };
}
