import type { Knex } from 'knex';
import { ContentEvents } from '@dp/events';
import type { ContentContext } from '../context';
import { endGitSyncRun, findSpaceGitSync, recordSynced, setGitSyncStage, type GitSyncRunRow } from '../data/git-sync';
import { GitSyncFormatError } from '../domain/git-sync/format-error';
import { SyncRequestError } from '../domain/git-sync/repository-url';
import { exportCommitMessage, type GitSyncStage } from '../domain/git-sync/run-state';
import { GitHostError } from '../providers/git-host-error';
import { AskerNotAllowed, checkAskerMayEdit } from '../queries/git-sync-asker';
import type { createGitThreads } from '../providers/git-threads';
import { exportFiles } from './git-export';
import { readSyncedDirectory, writeImport } from './git-import';
import { gitLimitsOf, remoteOf } from './git-sync-remote';

export type GitThreads = ReturnType<typeof createGitThreads>;

export interface RunOutcome {
  state: 'success' | 'failure' | 'timeout';
  error?: string;
  revisionId?: string | null;
  commitId?: string;
  changeRequestId?: string | null;
}

/** What `content.git-sync.completed` says of a run that ended so. */
export const gitSyncCompleted = (run: GitSyncRunRow, outcome: RunOutcome) => ({
  runId: run.id,
  spaceId: run.space_id,
  organizationId: run.organization_id,
  direction: run.direction,
  state: outcome.state,
  revisionId: outcome.revisionId ?? null,
  commitId: outcome.commitId ?? null,
  changeRequestId: outcome.changeRequestId ?? null,
  error: outcome.error ?? null,
});

/** The run was ended by someone else meanwhile (its lease ran out): what it was about to write is rolled back. */
class LeaseLost extends Error {}

/**
 * One Git Sync run, claimed by the worker (docs/adr/0107), through the official stages: an import fetches the
 * branch, reads its `.gitbook.yaml` and pages, then writes them (git-import.ts); an export lays the live revision
 * out as files (git-export.ts) and commits them. The git work runs on a thread of its own with the run's deadline
 * and heap cap. The run's end is written with what it made, in one transaction; a run that fails leaves the space
 * as it was, and its `error` (shown by GET /git/info) says why without the repository's credentials.
 */
export async function runGitSync(ctx: ContentContext, git: GitThreads, run: GitSyncRunRow): Promise<void> {
  const about = { runId: run.id, spaceId: run.space_id, organizationId: run.organization_id, direction: run.direction };
  const log = ctx.log.child({ gitSyncRun: run.id, spaceId: run.space_id, direction: run.direction });
  const stage = (name: GitSyncStage) => setGitSyncStage(ctx.db, run.id, name);
  const finish = async (trx: Knex.Transaction, outcome: RunOutcome) => {
    const ended = await endGitSyncRun(trx, run.id, {
      state: outcome.state,
      error: outcome.error,
      commit_id: outcome.commitId,
      revision_id: outcome.revisionId ?? undefined,
      change_request_id: outcome.changeRequestId ?? undefined,
    });
    if (!ended) throw new LeaseLost('the run had already been ended (its lease ran out)');
    await ctx.emit(trx, ContentEvents.GIT_SYNC_COMPLETED, gitSyncCompleted(run, outcome), run.space_id);
  };

  await ctx.db.transaction((trx) => ctx.emit(trx, ContentEvents.GIT_SYNC_STARTED, about, run.space_id));
  log.info('git sync started');
  try {
    await checkAskerMayEdit(ctx, run);
    const { remote, target } = remoteOf(ctx.config, run);
    const limits = gitLimitsOf(ctx.config);
    if (run.direction === 'import') {
      await stage('repo_fetch');
      const branch = await git.read(remote, limits);
      await stage('config_check');
      const read = readSyncedDirectory(branch, target.projectDirectory);
      await stage('content_process');
      const outcome = await writeImport(ctx, run, branch, read, (trx, made) => finish(trx, { state: 'success', commitId: branch.commit, ...made }));
      log.info({ commit: branch.commit, ...outcome }, 'git sync import succeeded');
    } else {
      const sync = run.standalone ? undefined : await findSpaceGitSync(ctx.db, run.space_id);
      await stage('content_process');
      const exported = await exportFiles(ctx, run, sync);
      await stage('finalize');
      const syncedCommit = sync?.synced_commit_id;
      if (!run.force && syncedCommit && sync?.synced_revision_id === exported.revision.id) {
        await ctx.db.transaction((trx) => finish(trx, { state: 'success', commitId: syncedCommit, revisionId: exported.revision.id }));
        return void log.info('git sync export: the repository already holds the live revision');
      }
      const expectedHead = run.force ? undefined : syncedCommit ?? undefined;
      const commit = await git.commit(remote, limits, { directory: target.projectDirectory, files: exported.files, message: exportCommitMessage(run.commit_message ?? ''), author: exported.author, expectedHead });
      await ctx.db.transaction(async (trx) => {
        if (sync) await recordSynced(trx, run.space_id, { revisionId: exported.revision.id, commitId: commit });
        await finish(trx, { state: 'success', commitId: commit, revisionId: exported.revision.id });
      });
      log.info({ commit, revisionId: exported.revision.id }, 'git sync export succeeded');
    }
  } catch (err) {
    if (err instanceof LeaseLost) return void log.warn('git sync run ended by its lease before it finished; nothing of it was kept');
    const told = err instanceof GitHostError || err instanceof GitSyncFormatError || err instanceof SyncRequestError || err instanceof AskerNotAllowed;
    const state = err instanceof GitHostError && err.timedOut ? 'timeout' : 'failure';
    const error = told ? err.message : 'the sync failed on our side; try it again later';
    if (told) log.info({ reason: error, state }, 'git sync did not succeed');
    else log.error({ err }, 'git sync failed');
    await ctx.db.transaction((trx) => finish(trx, { state, error })).catch((e: unknown) => log.warn({ err: e }, 'git sync run could not record how it ended'));
  }
}
