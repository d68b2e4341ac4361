import { Router } from 'express';
import { notFound, onBehalfOf, route } from '@dp/http';
import type { ContentContext } from '../context';
import { ensureCallerKnown } from '../commands/ensure-user';
import { requestGitSync } from '../commands/request-git-sync';
import { findSpaceGitSync, latestGitSyncRun } from '../data/git-sync';
import { presentGitSyncState } from '../presenters/git-sync-state';
import { loadAuthorizedSpace } from '../queries/load-space';
import { exportToGitRepositoryBody, importGitRepositoryBody } from '../schemas/git-sync';
import { spaceParams } from '../schemas/spaces';

/**
 * Git Sync of a space (official `space-git` operations, docs/adr/0107): an import or an export is queued (204) and
 * run by the content worker; GET git/info says which repository the space syncs with and how its last run went.
 */
export function gitSyncRouter(ctx: ContentContext): Router {
  const router = Router();
  const base = '/v1/spaces/:spaceId/git';

  router.post(`${base}/import`, ...route({ params: spaceParams, body: importGitRepositoryBody }).handle(async (req, res) => {
    await ensureCallerKnown(ctx, req.caller, onBehalfOf(req));
    await requestGitSync(ctx, req.caller, req.params.spaceId, 'import', req.body);
    res.status(204).end();
  }));

  router.post(`${base}/export`, ...route({ params: spaceParams, body: exportToGitRepositoryBody }).handle(async (req, res) => {
    await ensureCallerKnown(ctx, req.caller, onBehalfOf(req));
    await requestGitSync(ctx, req.caller, req.params.spaceId, 'export', req.body);
    res.status(204).end();
  }));

  router.get(`${base}/info`, ...route({ params: spaceParams }).handle(async (req, res) => {
    const { space } = await loadAuthorizedSpace(ctx.db, req.caller, req.params.spaceId, 'view');
    const sync = await findSpaceGitSync(ctx.db, space.id);
    if (!sync) throw notFound('Git Sync of this space (no repository was imported or exported yet)');
    res.json(presentGitSyncState(sync, await latestGitSyncRun(ctx.db, space.id), ctx.config.CONTENT_GIT_SYNC_TIMEOUT_MS));
  }));

  return router;
}
