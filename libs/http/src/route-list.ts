import type { Application } from 'express';
import type { ILayer } from 'express-serve-static-core';
import type { RequestSchemas } from './validate';

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
 * defined with `router.<method>(path, ...)`, with the schemas their `route()`/`validate()` check. What the
 * generated tests (bad input) and the API document (api-document.ts) are made from.
 */
export function listRoutes(app: Application): RouteInfo[] {
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
