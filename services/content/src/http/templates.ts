import { Router } from 'express';
import { onBehalfOf, route } from '@dp/http';
import type { ContentContext } from '../context';
import { applyTemplate } from '../commands/apply-template';
import { ensureCallerKnown } from '../commands/ensure-user';
import { spaceParams } from '../schemas/spaces';
import { applyTemplateBody } from '../schemas/templates';

/** `POST SPACE/content/template`: a template's pages added to the live content or to a change request; 201, no body. */
export function templatesRouter(ctx: ContentContext): Router {
  const router = Router();
  router.post('/v1/spaces/:spaceId/content/template', ...route({ params: spaceParams, body: applyTemplateBody }).handle(async (req, res) => {
    await ensureCallerKnown(ctx, req.caller, onBehalfOf(req));
    await applyTemplate(ctx, req.caller, req.params.spaceId, req.body);
    res.status(201).end();
  }));
  return router;
}
