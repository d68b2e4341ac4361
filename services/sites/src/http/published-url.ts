import { Router } from 'express';
import { route } from '@dp/http';
import { publishedUrlResponse, type PublishedUrlResponse } from '@dp/contracts';
import type { SitesContext } from '../context';
import { resolveSpacePublishedUrl } from '../queries/resolve-space-published-url';
import { publishedUrlQuery, spaceParams } from '../schemas/published-url';

/**
 * For other services only (the gateway routes no `/internal` path): where a space is published, asked by
 * content with the end user's caller assertion. `{published}` when a site of the caller's organizations
 * opens the space to visitors (with the presented share key where the site needs one), `{}` otherwise.
 */
export function publishedUrlRouter(ctx: SitesContext): Router {
  const router = Router();

  router.get('/internal/spaces/:spaceId/published-url', ...route({ params: spaceParams, query: publishedUrlQuery, responses: { 200: publishedUrlResponse } }).handle(async (req, res) => {
    const { shareKey } = req.query as { shareKey?: string };
    const published = await resolveSpacePublishedUrl(ctx, req.caller, req.params.spaceId, shareKey);
    res.json((published ? { published } : {}) satisfies PublishedUrlResponse);
  }));

  return router;
}
