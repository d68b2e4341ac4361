import { Router } from 'express';
import { requireService } from '@dp/auth';
import { pathParams, route } from '@dp/http';
import type { ContentContext } from '../context';
import { withdrawSpace } from '../commands/withdraw-space';
import { withdrawSpaceBody } from '../schemas/internal';

/** Internal endpoints, not routed by the gateway: what another service asks as itself, not for a caller. */
export function internalRouter(ctx: ContentContext): Router {
  const router = Router();

  // Sites takes back the space it created for a site that then failed (205 withdrawn, 204 nothing to withdraw).
  router.post('/internal/spaces/:spaceId/withdraw', requireService('sites'), ...route({ params: pathParams('spaceId'), body: withdrawSpaceBody }).handle(async (req, res) => {
    const withdrawn = await withdrawSpace(ctx, req.params.spaceId, req.body.createdBy);
    res.status(withdrawn ? 205 : 204).end();
  }));

  return router;
}
