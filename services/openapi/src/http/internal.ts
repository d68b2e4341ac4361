import { Router } from 'express';
import { operationViewResponse, schemasViewResponse } from '@dp/contracts';
import { requireService } from '@dp/auth';
import { route } from '@dp/http';
import type { OpenapiContext } from '../context';
import { operationView, schemasView, webhookView } from '../queries/operation-view';
import { operationQuery, schemasQuery, specParams, webhookQuery } from '../schemas/specs';
import type { SpecThreads } from '../threads/spec-threads';

/**
 * What renderers of pages read of specs (docs/adr/0083), as the sites publisher or content's PDF export: one operation of a spec
 * of the organization it names (the site's own), for an `openapi-operation` block of a published page, and one
 * webhook, for an `openapi-webhook` block.
 */
export function internalRouter(ctx: OpenapiContext, threads: SpecThreads): Router {
  const router = Router();
  const deps = { db: ctx.db, threads, maxAliases: ctx.config.OPENAPI_YAML_MAX_ALIASES };
  router.get('/internal/orgs/:organizationId/openapi/:specSlug/operation', requireService('sites', 'content'), ...route({ params: specParams, query: operationQuery, responses: { 200: operationViewResponse } }).handle(async (req, res) => {
    res.json(await operationView(deps, req.params.organizationId, req.params.specSlug, req.query.method, req.query.path));
  }));
  // An `openapi-schemas` block's schemas, by name.
  router.get('/internal/orgs/:organizationId/openapi/:specSlug/schemas', requireService('sites', 'content'), ...route({ params: specParams, query: schemasQuery, responses: { 200: schemasViewResponse } }).handle(async (req, res) => {
    res.json(await schemasView(deps, req.params.organizationId, req.params.specSlug, req.query.names.split(',').map((n) => n.trim())));
  }));
  // An `openapi-webhook` block's webhook (OpenAPI 3.1 `webhooks`), by its method and name.
  router.get('/internal/orgs/:organizationId/openapi/:specSlug/webhook', requireService('sites', 'content'), ...route({ params: specParams, query: webhookQuery, responses: { 200: operationViewResponse } }).handle(async (req, res) => {
    res.json(await webhookView(deps, req.params.organizationId, req.params.specSlug, req.query.method, req.query.name));
  }));
  return router;
}
