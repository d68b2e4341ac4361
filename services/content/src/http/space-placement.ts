import { Router } from 'express';
import { route } from '@dp/http';
import type { ContentContext } from '../context';
import { moveSpace } from '../commands/move-space';
import { transferSpace } from '../commands/transfer-space';
import { spaceJson } from '../queries/space-json';
import { moveBody, transferSpaceBody } from '../schemas/collections';
import { spaceParams } from '../schemas/spaces';

/** Where a space sits: its collection, its place among its siblings, its organization. */
export function spacePlacementRouter(ctx: ContentContext): Router {
  const router = Router();

  router.post('/v1/spaces/:spaceId/move', ...route({ params: spaceParams, body: moveBody }).handle(async (req, res) => {
    const { space, role } = await moveSpace(ctx, req.caller, req.params.spaceId, req.body);
    res.json(await spaceJson(ctx.db, space, role, ctx.links));
  }));

  router.post('/v1/spaces/:spaceId/transfer', ...route({ params: spaceParams, body: transferSpaceBody }).handle(async (req, res) => {
    const { space, role } = await transferSpace(ctx, req.caller, req.params.spaceId, req.body);
    res.json(await spaceJson(ctx.db, space, role, ctx.links));
  }));

  return router;
}
