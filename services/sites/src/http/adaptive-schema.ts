import { Router } from 'express';
import { route } from '@dp/http';
import type { SitesContext } from '../context';
import { updateAdaptiveSchema } from '../commands/update-adaptive-schema';
import { templateConditions } from '../domain/adaptive-templates';
import { presentAdaptiveSchema } from '../presenters/adaptive-schema';
import { loadDeclaredSchema, readAdaptiveSchema } from '../queries/load-adaptive-schema';
import { siteParams, updateAdaptiveSchemaBody } from '../schemas/adaptive-schema';

const ADAPTIVE_SCHEMA = '/v1/orgs/:organizationId/sites/:siteId/adaptive-schema';

export function adaptiveSchemaRouter(ctx: SitesContext): Router {
  const router = Router();

  router.get(ADAPTIVE_SCHEMA, ...route({ params: siteParams }).handle(async (req, res) => {
    res.json(presentAdaptiveSchema(await readAdaptiveSchema(ctx.db, req.caller, req.params.organizationId, req.params.siteId)));
  }));

  router.put(ADAPTIVE_SCHEMA, ...route({ params: siteParams, body: updateAdaptiveSchemaBody }).handle(async (req, res) => {
    res.json(presentAdaptiveSchema(await updateAdaptiveSchema(ctx, req.caller, req.params.organizationId, req.params.siteId, req.body)));
  }));

  // A site without a schema has no claims, so no templates: an empty list.
  router.get(`${ADAPTIVE_SCHEMA}/template-conditions`, ...route({ params: siteParams }).handle(async (req, res) => {
    const schema = await loadDeclaredSchema(ctx.db, req.caller, req.params.organizationId, req.params.siteId);
    res.json({ items: templateConditions(schema) });
  }));

  return router;
}
