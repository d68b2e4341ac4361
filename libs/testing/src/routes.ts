// The route walker lives with the routes' schemas (libs/http): the API document is made from it too.
export { listRoutes, type RouteInfo } from '@dp/http';

/** A concrete path for a route: each `:name` replaced by `values[name]` (already encoded, used as is). */
export function fillPath(path: string, values: Record<string, string>): string {
  return path.replace(/[:*](\w+)/g, (_, name: string) => {
    if (!(name in values)) throw new Error(`no value for path parameter ${name} of ${path}`);
    return values[name];
  });
}
