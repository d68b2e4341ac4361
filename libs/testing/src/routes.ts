import type { Express } from 'express';
import type { ILayer } from 'express-serve-static-core';
import type { RequestSchemas } from '@dp/http';

/** One route of a service's express app: method, path (Express syntax, e.g. `/v1/spaces/:spaceId`) and what it validates. */
export interface RouteInfo {
  method: string;
  path: string;
  /** Names of the path parameters, in order. */
  params: string[];
  /** The schemas of the route's `validate()` middlewares, merged (empty when it validates nothing). */
  schemas: RequestSchemas;
}

/** Methods a route answers: router 2 keeps them in `route.methods`, which @types/express does not declare. */
function methodsOf(route: object): string[] {
  if (!('methods' in route) || typeof route.methods !== 'object' || route.methods === null) return [];
  return Object.entries(route.methods)
    .filter(([method, on]) => on === true && method !== '_all')
    .map(([method]) => method.toUpperCase());
}

function schemasOf(handle: object): RequestSchemas | undefined {
  return 'schemas' in handle && typeof handle.schemas === 'object' && handle.schemas !== null ? handle.schemas : undefined;
}

/**
 * Lists every route of an app built by buildServiceApp: routers mounted without a path prefix, routes
 * defined with `router.<method>(path, ...)`. Health probes and the 404 fallback are not routes here.
 */
export function listRoutes(app: Express): RouteInfo[] {
  const routes: RouteInfo[] = [];
  const walk = (layers: ILayer[]) => {
    for (const layer of layers) {
      const route = layer.route;
      if (route) {
        const schemas: RequestSchemas = {};
        for (const inner of route.stack) Object.assign(schemas, schemasOf(inner.handle));
        const params = [...route.path.matchAll(/[:*](\w+)/g)].map((m) => m[1]);
        for (const method of methodsOf(route)) routes.push({ method, path: route.path, params, schemas });
      } else if ('stack' in layer.handle && Array.isArray(layer.handle.stack)) {
        // a Router mounted with app.use(router)
        walk(layer.handle.stack);
      }
    }
  };
  walk(app.router.stack);
  return routes;
}

/** A concrete path for a route: each `:name` replaced by `values[name]` (already encoded, used as is). */
export function fillPath(path: string, values: Record<string, string>): string {
  return path.replace(/[:*](\w+)/g, (_, name: string) => {
    if (!(name in values)) throw new Error(`no value for path parameter ${name} of ${path}`);
    return values[name];
  });
}
