import { Router } from 'express';
import { authorize } from '@dp/auth';
import { notFound, presentPage, route } from '@dp/http';
import type { OpenapiContext } from '../context';
import { findSpec, listSpecs } from '../data/specs';
import { createSpec } from '../commands/create-spec';
import { deleteSpec } from '../commands/delete-spec';
import { presentSpec } from '../presenters/spec';
import { createSpecBody, listSpecsQuery, organizationParams, specParams } from '../schemas/specs';

/**
 * OpenAPI specs of an organization. Reading needs `view` (any member); creating and deleting need
 * `createContent`, which is what the organization advertises as `permissions.createOpenAPISpec`.
 */
export function specsRouter(ctx: OpenapiContext): Router {
  const router = Router();

  router.post('/v1/orgs/:organizationId/openapi', ...route({ params: organizationParams, body: createSpecBody }).handle(async (req, res) => {
    const { spec, role } = await createSpec(ctx, req.caller, req.params.organizationId, req.body);
    const body = presentSpec(spec, role, ctx.links);
    res.status(201).location(body.urls.location).json(body);
  }));

  router.get('/v1/orgs/:organizationId/openapi', ...route({ params: organizationParams, query: listSpecsQuery }).handle(async (req, res) => {
    const organizationId = req.params.organizationId;
    const role = authorize(req.caller, organizationId, 'view', 'Organization');
    const page = await listSpecs(ctx.db, organizationId, req.query);
    res.json(presentPage(page, (spec) => presentSpec(spec, role, ctx.links)));
  }));

  router.get('/v1/orgs/:organizationId/openapi/:specSlug', ...route({ params: specParams }).handle(async (req, res) => {
    const organizationId = req.params.organizationId;
    const role = authorize(req.caller, organizationId, 'view', 'Organization');
    const spec = await findSpec(ctx.db, organizationId, req.params.specSlug);
    if (!spec) throw notFound('OpenAPI specification');
    res.json(presentSpec(spec, role, ctx.links));
  }));

  // Official statuses: 205 the spec was deleted, 204 it did not exist.
  router.delete('/v1/orgs/:organizationId/openapi/:specSlug', ...route({ params: specParams }).handle(async (req, res) => {
    const deleted = await deleteSpec(ctx, req.caller, req.params.organizationId, req.params.specSlug);
    res.status(deleted ? 205 : 204).end();
  }));

  return router;
}
