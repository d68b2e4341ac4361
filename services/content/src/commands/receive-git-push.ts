import type { ContentContext } from '../context';
import { hasQueuedRun, queueSyncRun, syncsOfRepository } from '../data/git-sync';
import { siteInstallationsOfRepository } from '../data/git-sync-installations';
import type { Push } from '../domain/git-sync/push-webhook';
import { resyncSiteStructure } from './git-installations';

/**
 * A push to a branch that sites sync with reads their gitbook-docs.yaml again; one that spaces sync with queues an
 * import for each of them (docs/adr/0107), run as the user who
 * connected the space, with the space's own credentials. Nothing is queued for a space already at that commit
 * (the platform's own export coming back) or with an import already waiting. Returns how many were queued.
 */
export async function receiveGitPush(ctx: ContentContext, push: Push): Promise<number> {
  // A site's structure first (docs/adr/0115): spaces it names anew are connected, and queued, by it.
  for (const site of await siteInstallationsOfRepository(ctx.db, push.repositories, push.ref)) await resyncSiteStructure(ctx, site);
  return ctx.db.transaction(async (trx) => {
    let queued = 0;
    for (const sync of await syncsOfRepository(trx, push.repositories, push.ref)) {
      if (sync.synced_commit_id === push.after || !sync.created_by || (await hasQueuedRun(trx, sync.space_id, 'import'))) continue;
      await queueSyncRun(trx, sync, { direction: 'import', createdBy: sync.created_by });
      queued++;
    }
    ctx.log.info({ repositories: push.repositories, ref: push.ref, commit: push.after, queued }, 'git push received');
    return queued;
  });
}
