import type { Request } from 'express';
import { FILES_SEGMENT, ROBOTS, SITEMAP, sitemapPartOf } from './site-urls';

/**
 * What the publisher's one catch-all route (./routes.ts) was asked for, as a route pattern: the label of its
 * metrics, its access line and its span name (libs/http `routeOf`). Never the URL: every page of every site
 * would be a series of its own. Probes have routes of their own and are named by them.
 */
export function publisherRouteName(req: Pick<Request, 'path'>): string {
  const segments = req.path.split('/');
  const last = segments[segments.length - 1];
  if (segments.includes(FILES_SEGMENT)) return `/*site/${FILES_SEGMENT}/*file`;
  if (last === SITEMAP) return `/*site/${SITEMAP}`;
  if (sitemapPartOf(last) !== undefined) return '/*site/sitemap-{n}.xml';
  if (last === ROBOTS) return `/*site/${ROBOTS}`;
  if (/\.md$/i.test(last)) return '/*page.md';
  return '/*page';
}
