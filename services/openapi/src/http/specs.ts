import { Router } from 'express';
import { authorize } from '@dp/auth';
import { notFound, presentPage, route } from '@dp/http';
import type { OpenapiContext } from '../context';
import { findSpec, listSpecs } from '../data/specs';
import { createSpec } from '../commands/create-spec';
import { deleteSpec } from '../commands/delete-spec';
import { putSpec } from '../commands/put-spec';
import { setSpecVisibility } from '../commands/update-spec-visibility';
import { presentSpec } from '../presenters/spec';
import { createSpecBody, listSpecsQuery, organizationParams, patchSpecBody, putSpecBody, specParams } from '../schemas/specs';

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

  // Official statuses: 201 the slug was new and the spec is created, 200 its source was replaced.
  router.put('/v1/orgs/:organizationId/openapi/:specSlug', ...route({ params: specParams, body: putSpecBody }).handle(async (req, res) => {
    const { spec, role, created } = await putSpec(ctx, req.caller, req.params.organizationId, req.params.specSlug, req.body);
    const body = presentSpec(spec, role, ctx.links);
    if (created) res.status(201).location(body.urls.location);
    res.json(body);
  }));

  router.patch('/v1/orgs/:organizationId/openapi/:specSlug', ...route({ params: specParams, body: patchSpecBody }).handle(async (req, res) => {
    const { spec, role } = await setSpecVisibility(ctx, req.caller, req.params.organizationId, req.params.specSlug, req.body.visibility);
    res.json(presentSpec(spec, role, ctx.links));
  }));

  // Official statuses: 205 the spec was deleted, 204 it did not exist.
  router.delete('/v1/orgs/:organizationId/openapi/:specSlug', ...route({ params: specParams }).handle(async (req, res) => {
    const deleted = await deleteSpec(ctx, req.caller, req.params.organizationId, req.params.specSlug);
    res.status(deleted ? 205 : 204).end();
  }));

  return router;
}
