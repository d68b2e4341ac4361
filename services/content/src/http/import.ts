import { Router } from 'express';
import { onBehalfOf, route } from '@dp/http';
import type { ContentContext } from '../context';
import { ensureCallerKnown } from '../commands/ensure-user';
import { importWebsite } from '../commands/import-website';
import { changeRequestParams } from '../schemas/change-requests';
import { importContentBody } from '../schemas/import';
import { spaceParams } from '../schemas/spaces';

/** Imports content from a URL into a space's live content or into a change request (201 with the new revision). */
export function importRouter(ctx: ContentContext): Router {
  const router = Router();
  const bases = [
    { prefix: '/v1/spaces/:spaceId', params: spaceParams },
    { prefix: '/v1/spaces/:spaceId/change-requests/:changeRequestId', params: changeRequestParams },
  ];
  for (const { prefix, params } of bases) {
    router.post(`${prefix}/content/import`, ...route({ params, body: importContentBody }).handle(async (req, res) => {
      await ensureCallerKnown(ctx, req.caller, onBehalfOf(req));
      // `source` is `website`, the one the schema lets through.
      res.status(201).json(await importWebsite(ctx, req.caller, req.params, req.body.url));
    }));
  }
  return router;
}
