import { Router } from 'express';
import { requireService } from '@dp/auth';
import { integrationBlockRenderBody, integrationBlockRenderResponse } from '@dp/contracts';
import { route } from '@dp/http';
import type { IntegrationsContext } from '../context';
import { renderIntegrationBlock } from '../commands/render-block';
import type { IntegrationRuntime } from '../delivery/integration-runtime';
import { renderParams } from '../schemas/render';

/** Routes other services call (docs/adr/0054): integration blocks rendered for pages' readers (docs/adr/0094). */
export function internalRouter(ctx: IntegrationsContext, runtime: IntegrationRuntime): Router {
  const router = Router();
  router.post('/internal/integrations/:integrationName/blocks/render', requireService('sites', 'content'), ...route({ params: renderParams, body: integrationBlockRenderBody, responses: { 200: integrationBlockRenderResponse } }).handle(async (req, res) => {
    res.json(await renderIntegrationBlock(ctx, runtime, req.params.integrationName, req.body));
  }));
  return router;
}
