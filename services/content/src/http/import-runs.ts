import { Router } from 'express';
import { authorize } from '@dp/auth';
import { badRequest, notFound, onBehalfOf, presentPage, route } from '@dp/http';
import type { ContentContext } from '../context';
import { cancelImportRun } from '../commands/cancel-import-run';
import { ensureCallerKnown } from '../commands/ensure-user';
import { startImportRun } from '../commands/start-import-run';
import { failLeftBehindRuns, findImportRun, listImportRuns } from '../data/import-runs';
import { activeSince, LEFT_BEHIND_REASON, statusesOf } from '../domain/import/run-status';
import { presentImportRun } from '../presenters/import-run';
import { importRunParams, importRunsParams, listImportRunsQuery, startImportRunBody } from '../schemas/import';

/**
 * Import runs (official `/org/{organizationId}/imports`, docs/adr/0061): a website import started in the
 * background, read back by any member of the organization, cancelled by whoever may import into its target.
 */
export function importRunsRouter(ctx: ContentContext): Router {
  const router = Router();
  const base = '/v1/org/:organizationId/imports';
  // Runs whose process stopped before they reported are failed on the next read (domain/import/run-status.ts).
  const sweep = (organizationId: string) => failLeftBehindRuns(ctx.db, organizationId, activeSince(Date.now(), ctx.config.CONTENT_IMPORT_DEADLINE_MS), LEFT_BEHIND_REASON);

  router.post(base, ...route({ params: importRunsParams, body: startImportRunBody }).handle(async (req, res) => {
    await ensureCallerKnown(ctx, req.caller, onBehalfOf(req));
    const run = await startImportRun(ctx, req.caller, req.params.organizationId, { url: req.body.source.url, target: req.body.target });
    res.status(201).location(ctx.links.api(`/org/${run.organization_id}/imports/${run.id}`)).json(presentImportRun(run, ctx.links));
  }));

  router.get(base, ...route({ params: importRunsParams, query: listImportRunsQuery }).handle(async (req, res) => {
    const { organizationId } = req.params;
    authorize(req.caller, organizationId, 'view', 'Organization');
    if (req.query.site !== undefined) throw badRequest('query.site is not supported here: filter by space');
    await sweep(organizationId);
    const filters = { space: req.query.space, changeRequest: req.query.changeRequest, statuses: req.query.status ? statusesOf(req.query.status) : undefined };
    res.json(presentPage(await listImportRuns(ctx.db, organizationId, filters, req.query), (run) => presentImportRun(run, ctx.links)));
  }));

  router.get(`${base}/:importRunId`, ...route({ params: importRunParams }).handle(async (req, res) => {
    const { organizationId, importRunId } = req.params;
    authorize(req.caller, organizationId, 'view', 'Organization');
    await sweep(organizationId);
    const run = await findImportRun(ctx.db, organizationId, importRunId);
    if (!run) throw notFound('Import run');
    res.json(presentImportRun(run, ctx.links));
  }));

  router.post(`${base}/:importRunId/cancel`, ...route({ params: importRunParams }).handle(async (req, res) => {
    res.json(presentImportRun(await cancelImportRun(ctx, req.caller, req.params.organizationId, req.params.importRunId), ctx.links));
  }));

  return router;
}
