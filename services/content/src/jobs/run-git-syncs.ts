import { createServiceContext, type AppDeps, type Job } from '@dp/runtime';
import { ContentEvents } from '@dp/events';
import type { ContentConfig } from '../config';
import { runGitSync, type GitThreads } from '../commands/run-git-sync';
import { claimGitSyncRuns, timeOutAbandonedRuns } from '../data/git-sync';
import { ABANDONED_REASON } from '../domain/git-sync/run-state';
import { createGitThreads } from '../providers/git-threads';

/** Beyond a run's own time limit, how long its lease lasts before the run counts as abandoned. */
const LEASE_MARGIN_MS = 30_000;

/**
 * The content worker's Git Sync loop (docs/adr/0107): every poll it ends as `timeout` the runs whose worker
 * stopped (their lease passed), then claims queued runs up to CONTENT_GIT_SYNC_CONCURRENCY and runs them
 * without waiting for one another. Returns the runs it started.
 */
export async function pollGitSyncs(deps: AppDeps<ContentConfig>, git: GitThreads, free: number): Promise<Array<Promise<void>>> {
  const ctx = createServiceContext('content', deps);
  await ctx.db.transaction(async (trx) => {
    for (const run of await timeOutAbandonedRuns(trx, ABANDONED_REASON)) {
      ctx.log.warn({ gitSyncRun: run.id, spaceId: run.space_id }, 'git sync run abandoned by its worker: ended as timeout');
      const data = { runId: run.id, spaceId: run.space_id, organizationId: run.organization_id, direction: run.direction, state: 'timeout' as const, revisionId: null, commitId: null, changeRequestId: null, error: ABANDONED_REASON };
      await ctx.emit(trx, ContentEvents.GIT_SYNC_COMPLETED, data, run.space_id);
    }
  });
  const claimed = await claimGitSyncRuns(ctx.db, free, deps.config.CONTENT_GIT_SYNC_TIMEOUT_MS + LEASE_MARGIN_MS);
  return claimed.map((run) => runGitSync(ctx, git, run));
}

/** The git threads of a worker: one per concurrent run, each with the run's deadline and heap cap. */
export const gitThreadsOf = (config: ContentConfig) =>
  createGitThreads({ threads: config.CONTENT_GIT_SYNC_CONCURRENCY, maxQueue: config.CONTENT_GIT_SYNC_CONCURRENCY, deadlineMs: config.CONTENT_GIT_SYNC_TIMEOUT_MS, memoryMb: config.CONTENT_GIT_SYNC_MEMORY_MB });

export function runGitSyncsJob(deps: AppDeps<ContentConfig>): Job<ContentConfig> {
  const git = gitThreadsOf(deps.config);
  const inFlight = new Set<Promise<void>>();
  let stopping = false;
  let polling: Promise<Array<Promise<void>>> | undefined;
  // Runs started finish (or reach their deadline) before the threads and the pool close.
  deps.onStop?.(async () => {
    stopping = true;
    await polling?.catch(() => undefined);
    await Promise.allSettled([...inFlight]);
    await git.close();
  });
  async function poll(): Promise<void> {
    const free = deps.config.CONTENT_GIT_SYNC_CONCURRENCY - inFlight.size;
    if (stopping) return;
    const started = pollGitSyncs(deps, git, free);
    polling = started;
    for (const run of await started) {
      const tracked: Promise<void> = run.catch((err: unknown) => deps.log.error({ err }, 'git sync run failed to run')).finally(() => inFlight.delete(tracked));
      inFlight.add(tracked);
    }
  }
  return { name: 'run-git-syncs', everyMs: deps.config.CONTENT_GIT_SYNC_POLL_MS, run: poll };
}
