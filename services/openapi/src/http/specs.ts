import { Router } from 'express';
import { authorize } from '@dp/auth';
import { notFound, presentPage, validate, type ListParams } from '@dp/http';
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

  router.post('/v1/orgs/:organizationId/openapi', validate({ params: organizationParams, body: createSpecBody }), async (req, res) => {
    const { spec, role } = await createSpec(ctx, req.caller, req.params.organizationId as string, req.body);
    const body = presentSpec(spec, role, ctx.links);
    res.status(201).location(body.urls.location).json(body);
  });

  router.get('/v1/orgs/:organizationId/openapi', validate({ params: organizationParams, query: listSpecsQuery }), async (req, res) => {
    const organizationId = req.params.organizationId as string;
    const role = authorize(req.caller, organizationId, 'view', 'Organization');
    const page = await listSpecs(ctx.db, organizationId, req.query as ListParams);
    res.json(presentPage(page, (spec) => presentSpec(spec, role, ctx.links)));
  });

  router.get('/v1/orgs/:organizationId/openapi/:specSlug', validate({ params: specParams }), async (req, res) => {
    const organizationId = req.params.organizationId as string;
    const role = authorize(req.caller, organizationId, 'view', 'Organization');
    const spec = await findSpec(ctx.db, organizationId, req.params.specSlug as string);
    if (!spec) throw notFound('OpenAPI specification');
    res.json(presentSpec(spec, role, ctx.links));
  });

  // Official statuses: 205 the spec was deleted, 204 it did not exist.
  router.delete('/v1/orgs/:organizationId/openapi/:specSlug', validate({ params: specParams }), async (req, res) => {
    const deleted = await deleteSpec(ctx, req.caller, req.params.organizationId as string, req.params.specSlug as string);
    res.status(deleted ? 205 : 204).end();
  });

  return router;
}
