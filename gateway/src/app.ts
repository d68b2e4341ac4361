import http from 'node:http';
import type { Express, NextFunction, Request, Response } from 'express';
import { createServiceApp, finishServiceApp, HttpError } from '@dp/http';
import type { Logger } from '@dp/log';
import type { Tracer } from '@dp/tracing';
import { apiIndex } from './api-index';
import { apiReference, OPENAPI_PATH } from './api-reference';
import { appMountPath, appPages } from './app-page/page';
import { authenticateRequest } from './auth';
import { cacheControlWithCredentials, noStoreWithCredentials } from './cache-control';
import type { GatewayConfig } from './config';
import type { PrincipalCache } from './principal-cache';
import { createProxy } from './proxy';
import { gatewayRouteOf } from './route-family';
import { rateLimit } from './rate-limit';
import { trustProxySetting } from './trust-proxy';
import { publicPrefixes, publicServiceFor, serviceFor, SERVICES, type ServiceName } from './routes';
import { forwardAsGateway } from './sso-forwarding';

export function serviceUrls(config: GatewayConfig): Partial<Record<ServiceName, string>> {
  const urls: Partial<Record<ServiceName, string>> = {};
  for (const name of SERVICES) {
    const url = config[`${name.toUpperCase()}_URL` as keyof GatewayConfig] as string | undefined;
    if (url) urls[name] = url.replace(/\/+$/, '');
  }
  return urls;
}

export interface GatewayDeps {
  config: GatewayConfig;
  log: Logger;
  /** Token hash -> caller and assertion (docs/adr/0021); `principals.listen(bus)` keeps it current. */
  principals: PrincipalCache;
  /** The gateway's tracer (libs/tracing): each request's span, whose context goes upstream. */
  tracer?: Tracer;
  /** The gateway replicas heard on the bus (./replicas.ts); absent or unknown: GATEWAY_REPLICAS alone. */
  liveReplicas?: () => number | undefined;
}

/** What may change the caller's principal: any write to identity (creating an organization, leaving one...). */
const changesPrincipal = (req: Request) => req.method !== 'GET' && req.method !== 'HEAD' && serviceFor(req.originalUrl.split('?')[0]) === 'identity';

export function createGatewayApp({ config, log, principals, tracer, liveReplicas }: GatewayDeps): Express {
  const urls = serviceUrls(config);
  const app = createServiceApp({ log, routeOf: gatewayRouteOf, tracer });
  // req.ip (what the rate limit keys on) reads X-Forwarded-For only from the proxies TRUST_PROXY names.
  app.set('trust proxy', trustProxySetting(config.TRUST_PROXY));
  // One keep-alive pool for the proxied requests (per service host:port); LIFO
  // reuses the connection that was just released, so the pool stays as small as the concurrency needs.
  // Idle sockets are dropped after 30 s, before the services' 65 s keep-alive timeout closes them under us.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 512, scheduling: 'lifo', timeout: 30_000 });

  // Every /v1 request: the rate limit (by address until the token's principal is known), then one handler: route (unknown
  // path: 404, service not deployed: 503, before any authentication), authenticate (on every request),
  // forward. Mounted first so that they are the only layers express walks for them. The upstream sees the
  // full original path (req.originalUrl).
  const upstreamOf = (req: Request) => {
    const path = req.originalUrl.split('?')[0];
    return urls[(serviceFor(path) ?? publicServiceFor(req.method, path))!]!;
  };
  // Read-your-writes: once identity has answered a caller's write, and before the client sees the answer, their
  // entry goes, so their next request (e.g. a space in the organization they just created) sees the change.
  const afterUpstream = (req: Request, res: Response) => {
    const tokenHash: unknown = res.locals.tokenHash;
    if (typeof tokenHash === 'string' && changesPrincipal(req)) principals.evictToken(tokenHash);
  };
  // The service's Cache-Control on an authenticated answer: `no-store` unless it chose `private` caching itself.
  const upstreamHeaders = (headers: http.IncomingHttpHeaders, _req: Request, res: Response) => {
    if (typeof res.locals.tokenHash === 'string') headers['cache-control'] = cacheControlWithCredentials(headers['cache-control']);
  };
  const proxy = createProxy(upstreamOf, { agent, timeoutMs: 60_000, log, afterUpstream, upstreamHeaders });
  // One limiter for /v1 and the public sign-in paths: a client has one budget, whichever it calls.
  // The live replicas share the limit; never fewer than configured (a replica that has not heard the others yet,
  // or the bus is down), so the limit errs low, never high (docs/adr/0055).
  const replicas = () => Math.max(config.GATEWAY_REPLICAS, liveReplicas?.() ?? 0);
  const limits = rateLimit({ perMinute: config.RATE_LIMIT_PER_MINUTE, replicas, principals });
  // An answer to a request with credentials is for its caller alone: no cache keeps it (docs/adr/0062).
  app.use('/v1', noStoreWithCredentials, limits.byCaller);
  app.get('/v1', apiIndex(urls));
  app.use('/v1', async (req: Request, res: Response, next: NextFunction) => {
    const path = req.originalUrl.split('?')[0];
    // The API reference's document, served below: the proxied paths need not walk its routes first.
    if (path === OPENAPI_PATH) return next();
    const service = serviceFor(path);
    if (!service) throw new HttpError(404, `No route for ${req.method} ${path}`);
    if (!urls[service]) throw new HttpError(503, `The ${service} service is not deployed`);
    const started = performance.now();
    res.locals.tokenHash = await authenticateRequest(req, principals);
    res.locals.timings = { authMs: Math.round((performance.now() - started) * 10) / 10 };
    return proxy(req, res, next);
  });
  app.use(apiReference({ urls, secret: config.INTERNAL_AUTH_SECRET, publicUrl: config.PUBLIC_URL, log }));

  // The public paths (routes.ts `publicRoutes`: SAML sign-in, public OpenAPI specs), without a bearer token,
  // as the gateway itself (docs/adr/0036, 0042); any other path under them is a 404 like an unknown /v1 path.
  app.use([...publicPrefixes], limits.byAddress, (req: Request, res: Response, next: NextFunction) => {
    const path = req.originalUrl.split('?')[0];
    const service = publicServiceFor(req.method, path);
    if (!service) throw new HttpError(404, `No route for ${req.method} ${path}`);
    if (!urls[service]) throw new HttpError(503, `The ${service} service is not deployed`);
    forwardAsGateway(req, config.INTERNAL_AUTH_SECRET);
    return proxy(req, res, next);
  });

  // `urls.app` of every object: a page saying what it is, until there is a web app (docs/adr/0064).
  const appPath = appMountPath(config.PUBLIC_URL, config.APP_URL);
  if (appPath) app.use(appPath, limits.byAddress, appPages(config.PUBLIC_URL.replace(/\/+$/, '')));

  // The gateway's own probes: /health aggregates the services and would take every gateway pod out of
  // rotation whenever one service is down.
  app.get(['/health/live', '/health/ready'], (_req, res) => {
    res.json({ service: 'gateway', status: 'ok' });
  });
  app.get('/health', async (_req, res) => {
    const entries = await Promise.all(
      Object.entries(urls).map(async ([name, url]) => {
        const ok = await fetch(`${url}/health/ready`, { signal: AbortSignal.timeout(2000) }).then((r) => r.ok, () => false);
        return [name, ok ? 'ok' : 'unavailable'] as const;
      }),
    );
    const healthy = entries.every(([, s]) => s === 'ok');
    res.status(healthy ? 200 : 503).json({ status: healthy ? 'ok' : 'degraded', services: Object.fromEntries(entries) });
  });
  return finishServiceApp(app);
}
