import type { RequestHandler } from 'express';
import { SERVICES, type ServiceName } from './routes';
import { version } from '../package.json';

/**
 * `GET /v1`: what a newcomer (or a client checking the base URL) sees first. Public, because it tells
 * nothing a deployment keeps secret; links are relative, so they hold behind any proxy or PUBLIC_URL.
 */
export function presentApiIndex(urls: Partial<Record<ServiceName, string>>) {
  return {
    name: 'Docs Platform API',
    version,
    compatibleWith: 'GitBook API v1',
    // The reference of what this deployment serves (docs/adr/0046): the page, and the OpenAPI document behind it.
    links: { self: '/v1', health: '/health', docs: '/docs', openapi: '/v1/openapi.json' },
    services: Object.fromEntries(SERVICES.map((name) => [name, urls[name] ? 'deployed' : 'not deployed'])),
  };
}

export function apiIndex(urls: Partial<Record<ServiceName, string>>): RequestHandler {
  const body = presentApiIndex(urls);
  return (_req, res) => {
    res.json(body);
  };
}
