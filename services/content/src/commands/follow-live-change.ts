import type { Knex } from 'knex';
import type { ContentContext } from '../context';
import { findSpaceGitSync, hasQueuedRun, queueSyncRun } from '../data/git-sync';
import { findInstallation } from '../data/git-sync-installations';
import type { SpaceRow } from '../data/spaces';
import { mergeCommitMessage } from '../domain/git-sync/run-state';

/**
 * A change of a synced space's live content (a merge, live edits, a rollback) queues its export to the repository
 * (docs/adr/0107), in the transaction of the change, by the user who made it. One waiting export is enough: it
 * exports the live content as it is when it runs.
 */
export async function exportLiveChange(ctx: ContentContext, trx: Knex.Transaction, space: SpaceRow, userId: string, change: { changeRequest: { number: number; subject: string } } | { message: string }): Promise<void> {
  const sync = await findSpaceGitSync(trx, space.id);
  if (!sync || (await hasQueuedRun(trx, space.id, 'export'))) return;
  // A merge's commit follows the installation's template, as GitBook's does.
  const commitMessage = 'message' in change ? change.message : mergeCommitMessage((await findInstallation(trx, sync.installation_id))?.commit_message_template, change.changeRequest);
  await queueSyncRun(trx, sync, { direction: 'export', createdBy: userId, commitMessage });
  ctx.log.info({ spaceId: space.id }, 'git sync export queued after a change of the live content');
}
