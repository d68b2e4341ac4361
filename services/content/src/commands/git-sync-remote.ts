import { open, parseSecretsKey } from '@dp/auth';
import type { ContentConfig } from '../config';
import type { GitSyncRunRow } from '../data/git-sync';
import { badRequest } from '@dp/http';
import { SyncRequestError, syncTargetOf, type SyncTarget } from '../domain/git-sync/repository-url';
import type { GitRemote, GitRepositoryLimits } from '../providers/git-repository';

/** What a request names (its URL, branch and directory), a bad value a 400 naming the field. */
export function requestedTarget(input: Parameters<typeof syncTargetOf>[0]): SyncTarget {
  try {
    return syncTargetOf(input);
  } catch (err) {
    if (err instanceof SyncRequestError) throw badRequest(err.message);
    throw err;
  }
}

/** A run's repository, its URL opened from the sealed copy: where to reach it and what is shown of it. */
export function remoteOf(config: ContentConfig, run: Pick<GitSyncRunRow, 'url_sealed' | 'ref' | 'project_directory'>): { remote: GitRemote; target: SyncTarget } {
  const url = open(parseSecretsKey(config.CONTENT_SECRETS_KEY, 'CONTENT_SECRETS_KEY'), run.url_sealed);
  const target = syncTargetOf({ url, ref: run.ref, repoProjectDirectory: run.project_directory });
  return { remote: { url: target.url, branch: target.branch, ...(target.token ? { token: target.token } : {}) }, target };
}

/** What one run's git work may take (docs/adr/0107), whatever the repository holds. */
export const gitLimitsOf = (config: ContentConfig): GitRepositoryLimits => ({
  allow: config.OUTBOUND_ALLOW,
  maxBytes: config.CONTENT_GIT_SYNC_MAX_BYTES,
  timeoutMs: config.CONTENT_GIT_SYNC_TIMEOUT_MS,
  maxFiles: config.CONTENT_GIT_SYNC_MAX_FILES,
  maxTreeBytes: config.CONTENT_GIT_SYNC_MAX_TREE_BYTES,
  maxInflatedBytes: config.CONTENT_GIT_SYNC_MAX_TREE_BYTES,
});
