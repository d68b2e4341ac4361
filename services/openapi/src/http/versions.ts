import { Router } from 'express';
import { authorize, type Caller } from '@dp/auth';
import { notFound, presentPage, route } from '@dp/http';
import type { OpenapiContext } from '../context';
import { findSpec } from '../data/specs';
import { findVersion, listVersions } from '../data/versions';
import { presentContent, presentVersion } from '../presenters/version';
import { listVersionsQuery, specParams, versionParams } from '../schemas/specs';

const base = '/v1/orgs/:organizationId/openapi/:specSlug/versions';

/** Versions of a spec and their content (docs/adr/0042); reading needs `view` (any member). */
export function versionsRouter(ctx: OpenapiContext): Router {
  const router = Router();

  async function specFor(caller: Caller, organizationId: string, slug: string) {
    authorize(caller, organizationId, 'view', 'Organization');
    const spec = await findSpec(ctx.db, organizationId, slug);
    if (!spec) throw notFound('OpenAPI specification');
    return spec;
  }
  async function versionFor(spec: Awaited<ReturnType<typeof specFor>>, versionId: string | null) {
    const version = versionId ? await findVersion(ctx.db, spec.id, versionId) : undefined;
    if (!version) throw notFound('OpenAPI specification version');
    return version;
  }

  router.get(base, ...route({ params: specParams, query: listVersionsQuery }).handle(async (req, res) => {
    const spec = await specFor(req.caller, req.params.organizationId, req.params.specSlug);
    const page = await listVersions(ctx.db, spec.id, req.query);
    res.json(presentPage(page, (version) => presentVersion(spec, version, ctx.links)));
  }));

  // `latest` before `:versionId`, which would take it for an id.
  router.get(`${base}/latest`, ...route({ params: specParams }).handle(async (req, res) => {
    const spec = await specFor(req.caller, req.params.organizationId, req.params.specSlug);
    res.json(presentVersion(spec, await versionFor(spec, spec.last_version_id), ctx.links));
  }));

  router.get(`${base}/latest/content`, ...route({ params: specParams }).handle(async (req, res) => {
    const spec = await specFor(req.caller, req.params.organizationId, req.params.specSlug);
    res.json(presentContent(spec, await versionFor(spec, spec.last_version_id), ctx.links));
  }));

  router.get(`${base}/:versionId`, ...route({ params: versionParams }).handle(async (req, res) => {
    const spec = await specFor(req.caller, req.params.organizationId, req.params.specSlug);
    res.json(presentVersion(spec, await versionFor(spec, req.params.versionId), ctx.links));
  }));

  router.get(`${base}/:versionId/content`, ...route({ params: versionParams }).handle(async (req, res) => {
    const spec = await specFor(req.caller, req.params.organizationId, req.params.specSlug);
    res.json(presentContent(spec, await versionFor(spec, req.params.versionId), ctx.links));
  }));

  return router;
}
