import { Router } from 'express';
import { requireService } from '@dp/auth';
import { badRequest, HttpError, notFound, onBehalfOf, rawBodyOf, route } from '@dp/http';
import type { ContentContext } from '../context';
import { ensureCallerKnown } from '../commands/ensure-user';
import { receiveGitPush } from '../commands/receive-git-push';
import { requestGitSync } from '../commands/request-git-sync';
import { statusOf } from '../commands/git-installations';
import { findSpaceGitSync, latestGitSyncRun } from '../data/git-sync';
import { findInstallation } from '../data/git-sync-installations';
import { isSignedBy, pushOf } from '../domain/git-sync/push-webhook';
import { presentGitSyncState } from '../presenters/git-sync-state';
import { loadAuthorizedSpace } from '../queries/load-space';
import { exportToGitRepositoryBody, importGitRepositoryBody } from '../schemas/git-sync';
import { spaceParams } from '../schemas/spaces';

/**
 * Git Sync of a space (official `space-git` operations, docs/adr/0107): an import or an export is queued (204) and
 * run by the content worker; GET git/info says which repository the space syncs with and how its last run went. A
 * provider's push webhook queues an import of each space synced with that branch.
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
    const installation = await findInstallation(ctx.db, sync.installation_id);
    const status = installation ? statusOf(ctx, installation) : 'active';
    res.json(presentGitSyncState(sync, await latestGitSyncRun(ctx.db, space.id), status, ctx.config.CONTENT_GIT_SYNC_TIMEOUT_MS));
  }));

  // A git host's push (public through the gateway, which forwards it with its own assertion): signed, else a 401.
  for (const provider of ['github', 'gitlab'] as const) {
    router.post(`/git/webhooks/${provider}`, requireService('gateway'), (req, res, next) => {
      const secret = ctx.config.CONTENT_GIT_WEBHOOK_SECRET;
      if (!secret) return next(notFound('Git webhooks (CONTENT_GIT_WEBHOOK_SECRET is not set)'));
      const body = rawBodyOf(req);
      if (!body) return next(badRequest('A git webhook is a JSON body (Content-Type: application/json)'));
      if (!isSignedBy(provider, secret, req.headers, body)) return next(new HttpError(401, `The webhook is not signed with this deployment's secret (${provider === 'github' ? 'X-Hub-Signature-256' : 'X-Gitlab-Token'})`));
      const push = pushOf(provider, req.get(provider === 'github' ? 'x-github-event' : 'x-gitlab-event'), req.body);
      if (!push) return void res.status(204).end();
      receiveGitPush(ctx, push).then(() => res.status(204).end(), next);
    });
  }

  return router;
}
