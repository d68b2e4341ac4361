import type { Request } from 'express';
import { publicPrefixes, publicServiceFor, routeMatch } from './routes';

const ORG_ID = /^\/v1\/(orgs?)\/[^/]+/;

/**
 * The gateway's label for a path it proxies (docs/adr/0047): the part its routing table matched, with the
 * organization id as `:organizationId` and `/*` for whatever follows, e.g. `/v1/orgs/:organizationId/spaces/*`.
 * The gateway does not know the services' routes; each service labels its own requests with the exact pattern.
 * A path outside the table has no family (`unmatched`), so what clients make up never becomes a series.
 */
export function routeFamily(path: string): string | undefined {
  const matched = routeMatch(path)?.matched;
  if (matched === undefined) return undefined;
  const core = matched.replace(/\/$/, '');
  // `/v1/org/{id}/imports` (GitBook's singular) too: no id becomes a label.
  const family = core.replace(ORG_ID, '/v1/$1/:organizationId');
  const rest = path.slice(core.length);
  return rest === '' || rest === '/' ? family : `${family}/*`;
}

/** The family of a public path (`/sso/*`, `/openapi/*`, `/pdf/*`): its prefix, once the path is one the gateway forwards. */
export function publicFamily(method: string, path: string): string | undefined {
  const prefix = publicPrefixes.find((p) => path.startsWith(`${p}/`));
  return prefix && publicServiceFor(method, path) ? `${prefix}/*` : undefined;
}

/** `createServiceApp`'s `routeOf` for the gateway: requests it proxies are labelled by family. */
export function gatewayRouteOf(req: Request): string | undefined {
  const path = req.originalUrl.split('?')[0];
  return routeFamily(path) ?? publicFamily(req.method, path);
}
