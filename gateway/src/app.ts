import http from 'node:http';
import type { Express, Request, Response } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import { createServiceApp, errorBody, finishServiceApp, HttpError } from '@dp/http';
import type { Logger } from '@dp/log';
import { authenticate, identityResolver } from './auth';
import type { GatewayConfig } from './config';
import { serviceFor, SERVICES, type ServiceName } from './routes';

export function serviceUrls(config: GatewayConfig): Partial<Record<ServiceName, string>> {
  const urls: Partial<Record<ServiceName, string>> = {};
  for (const name of SERVICES) {
    const url = config[`${name.toUpperCase()}_URL` as keyof GatewayConfig] as string | undefined;
    if (url) urls[name] = url.replace(/\/+$/, '');
  }
  return urls;
}

export function createGatewayApp({ config, log }: { config: GatewayConfig; log: Logger }): Express {
  const urls = serviceUrls(config);
  const app = createServiceApp({ log });
  const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });

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

  app.use('/v1', (req, _res, next) => {
    const service = serviceFor(req.originalUrl.split('?')[0]);
    if (!service) return next(new HttpError(404, `No route for ${req.method} ${req.originalUrl.split('?')[0]}`));
    if (!urls[service]) return next(new HttpError(503, `The ${service} service is not deployed`));
    next();
  });
  app.use('/v1', authenticate(identityResolver(urls.identity ?? '', config.INTERNAL_AUTH_SECRET), config.INTERNAL_AUTH_SECRET));

  const proxy = createProxyMiddleware<Request, Response>({
    router: (req) => urls[serviceFor(req.url.split('?')[0])!]!,
    agent,
    xfwd: true,
    proxyTimeout: 60_000,
    on: {
      error: (err, req, res) => {
        log.warn({ err: err.message, url: (req as Request).originalUrl }, 'upstream service failed');
        const out = res as Response;
        if (!out.headersSent && typeof out.status === 'function') out.status(502).json(errorBody(502, 'The service behind this path is unavailable'));
        else out.end?.();
      },
    },
  });
  // Mounted at the root (not under /v1) so that the upstream sees the full original path.
  app.use((req, res, next) => (req.path.startsWith('/v1/') ? proxy(req, res, next) : next()));
  return finishServiceApp(app);
}
