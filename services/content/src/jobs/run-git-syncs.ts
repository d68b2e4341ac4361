import { createServiceContext, type AppDeps, type Job } from '@dp/runtime';
import { listenForNotifications } from '@dp/bus';
import { ContentEvents, withActor } from '@dp/events';
import type { ContentConfig } from '../config';
import { gitSyncCompleted, runGitSync, type GitThreads } from '../commands/run-git-sync';
import { claimGitSyncRuns, gitSyncChannel, timeOutAbandonedRuns } from '../data/git-sync';
import { ABANDONED_REASON } from '../domain/git-sync/run-state';
import { createGitThreads } from '../providers/git-threads';

const SYSTEM = { type: 'system', id: 'job:run-git-syncs', source: 'workflow' } as const;

/** Beyond a run's own time limit, how long its lease lasts before the run counts as abandoned. */
const LEASE_MARGIN_MS = 30_000;

/**
 * The content worker's Git Sync loop (docs/adr/0107): every poll it ends as `timeout` the runs whose worker
 * stopped (their lease passed), then claims queued runs up to CONTENT_GIT_SYNC_CONCURRENCY and runs them
 * without waiting for one another. Returns the runs it started.
 */
export async function pollGitSyncs(deps: AppDeps<ContentConfig>, git: GitThreads, free: number): Promise<Array<Promise<void>>> {
  const ctx = createServiceContext('content', deps);
  await withActor(SYSTEM, () => ctx.db.transaction(async (trx) => {
    for (const run of await timeOutAbandonedRuns(trx, ABANDONED_REASON)) {
      ctx.log.warn({ gitSyncRun: run.id, spaceId: run.space_id }, 'git sync run abandoned by its worker: ended as timeout');
      await ctx.emit(trx, ContentEvents.GIT_SYNC_COMPLETED, gitSyncCompleted(run, { state: 'timeout', error: ABANDONED_REASON }), run.space_id);
    }
  }));
  const claimed = await claimGitSyncRuns(ctx.db, free, deps.config.CONTENT_GIT_SYNC_TIMEOUT_MS + LEASE_MARGIN_MS);
  // What a run writes is the platform's doing for the user who asked (or who connected the space, for a push).
  return claimed.map((run) => withActor({ type: 'user', id: run.created_by, source: 'workflow', correlation: run.id }, () => runGitSync(ctx, git, run)));
}

/** The git threads of a worker: one per concurrent run, each with the run's deadline and heap cap. */
export const gitThreadsOf = (config: ContentConfig) =>
  createGitThreads({ threads: config.CONTENT_GIT_SYNC_CONCURRENCY, maxQueue: config.CONTENT_GIT_SYNC_CONCURRENCY, deadlineMs: config.CONTENT_GIT_SYNC_TIMEOUT_MS, memoryMb: config.CONTENT_GIT_SYNC_MEMORY_MB });

/**
 * The job: woken by the notification a queued run sends at commit (LISTEN on the process's shared connection),
 * and every CONTENT_GIT_SYNC_POLL_MS as a safety net (a missed notification, a lease that ran out).
 */
export function runGitSyncsJob(deps: AppDeps<ContentConfig>): Job<ContentConfig> {
  const git = gitThreadsOf(deps.config);
  const inFlight = new Set<Promise<void>>();
  let stopping = false;
  let polling: Promise<void> | undefined;
  let again = false;
  const wake = listenForNotifications(deps.config.DATABASE_URL, gitSyncChannel(deps.config.DB_SCHEMA), () => void poll().catch((err: unknown) => deps.log.error({ err }, 'git sync poll failed')), deps.log);
  // Runs started finish (or reach their deadline) before the threads and the pool close.
  deps.onStop?.(async () => {
    stopping = true;
    await wake.close();
    await polling?.catch(() => undefined);
    await Promise.allSettled([...inFlight]);
    await git.close();
  });

  /** One poll at a time; a wake-up during one makes it look again once it is done. */
  function poll(): Promise<void> {
    if (polling) {
      again = true;
      return polling;
    }
    polling = (async () => {
      do {
        again = false;
        if (stopping) return;
        for (const run of await pollGitSyncs(deps, git, deps.config.CONTENT_GIT_SYNC_CONCURRENCY - inFlight.size)) {
          const tracked: Promise<void> = run
            .catch((err: unknown) => deps.log.error({ err }, 'git sync run failed to run'))
            .finally(() => {
              inFlight.delete(tracked);
              // A slot is free: what waits may start.
              if (!stopping) void poll().catch((err: unknown) => deps.log.error({ err }, 'git sync poll failed'));
            });
          inFlight.add(tracked);
        }
      } while (again);
    })().finally(() => (polling = undefined));
    return polling;
  }
  // Runs queued while no worker was up start now, not at the first tick.
  void poll().catch((err: unknown) => deps.log.error({ err }, 'git sync poll failed'));
  return { name: 'run-git-syncs', everyMs: deps.config.CONTENT_GIT_SYNC_POLL_MS, run: poll };
}
