import { iso } from '@dp/http';
import type { GitSyncRunRow, SpaceGitSyncRow } from '../data/git-sync';
import type { InstallationStatus } from '../domain/git-sync/installation';
import { operationStateOf } from '../domain/git-sync/run-state';

/**
 * The official GitSyncState of a space (docs/adr/0107): the repository it syncs with (never its URL's credentials),
 * its installation's status (a space connected by a URL alone is `active`) and its latest run as the operation, with
 * why it failed.
 */
export function presentGitSyncState(sync: SpaceGitSyncRow, run: GitSyncRunRow | undefined, status: InstallationStatus, operationTimeout: number) {
  return {
    installationId: sync.installation_id,
    installationProvider: sync.provider,
    installationStatus: status,
    repoName: sync.repository_name,
    ...(sync.tree_url ? { url: sync.tree_url } : {}),
    ...(run
      ? {
          operation: {
            state: operationStateOf(run.state),
            direction: run.direction,
            startedAt: iso(run.started_at ?? run.created_at)!,
            ...(run.ended_at ? { endedAt: iso(run.ended_at)! } : {}),
            ...(run.error ? { error: run.error } : {}),
          },
        }
      : {}),
    operationTimeout,
    updatedAt: iso(sync.updated_at)!,
  };
}
