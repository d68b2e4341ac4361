import { parseSecretsKey, requireUser, seal, type Caller } from '@dp/auth';
import { newId } from '@dp/db';
import { forbidden, HttpError } from '@dp/http';
import type { ContentContext } from '../context';
import { countActiveGitSyncRuns, findSpaceGitSync, insertGitSyncRun, upsertSpaceGitSync, type GitSyncRunRow } from '../data/git-sync';
import type { GitSyncDirection } from '../domain/git-sync/run-state';
import { repositoryKey } from '../domain/git-sync/push-webhook';
import { loadAuthorizedSpace } from '../queries/load-space';
import { requestedTarget } from './git-sync-remote';

/** Runs of one space queued or running at once; one more is refused until one ends. */
export const ACTIVE_RUNS_PER_SPACE = 5;

export interface GitSyncRequest {
  url: string;
  ref: string;
  repoProjectDirectory?: string;
  repoTreeURL?: string;
  repoCommitURL?: string;
  commitMessage?: string;
  standalone?: boolean;
  force?: boolean;
  gitInfo?: { provider?: 'github' | 'gitlab'; url?: string };
}

class TooManyGitSyncRuns extends HttpError {
  constructor() {
    super(429, `This space already has ${ACTIVE_RUNS_PER_SPACE} Git Sync runs queued or running, as many as it may: ask again when one has ended (GET /spaces/{spaceId}/git/info)`);
  }
}

/**
 * `POST /spaces/{id}/git/import` and `/git/export` (docs/adr/0107): checked and queued, answered at once (204);
 * the content worker runs it (jobs/run-git-syncs.ts). The caller needs edit on the space, and an import a space
 * that is not locked. The URL, which may hold credentials, is stored sealed under CONTENT_SECRETS_KEY; the space
 * remembers the repository it syncs with (GET /git/info).
 */
export async function requestGitSync(ctx: ContentContext, caller: Caller, spaceId: string, direction: GitSyncDirection, input: GitSyncRequest): Promise<GitSyncRunRow> {
  const userId = requireUser(caller);
  const target = requestedTarget({ url: input.url, ref: input.ref, repoProjectDirectory: input.repoProjectDirectory, provider: input.gitInfo?.provider });
  const key = parseSecretsKey(ctx.config.CONTENT_SECRETS_KEY, 'CONTENT_SECRETS_KEY');
  return ctx.db.transaction(async (trx) => {
    const { space } = await loadAuthorizedSpace(trx, caller, spaceId, 'edit');
    if (direction === 'import' && space.edit_mode === 'locked' && !input.standalone) throw forbidden('Space is locked: an import would change its content; set editMode back to "live" first');
    if ((await countActiveGitSyncRuns(trx, space.id)) >= ACTIVE_RUNS_PER_SPACE) throw new TooManyGitSyncRuns();
    const urlSealed = seal(key, input.url);
    if (!input.standalone) {
      const known = await findSpaceGitSync(trx, space.id);
      await upsertSpaceGitSync(trx, {
        space_id: space.id,
        organization_id: space.organization_id,
        installation_id: known?.installation_id ?? newId(),
        provider: target.provider,
        repository_name: target.repositoryName,
        repository_key: repositoryKey(target.url) ?? null,
        url_sealed: urlSealed,
        ref: input.ref,
        project_directory: target.projectDirectory,
        tree_url: input.repoTreeURL ?? input.gitInfo?.url ?? null,
        commit_url: input.repoCommitURL ?? null,
        created_by: userId,
      });
    }
    const run = await insertGitSyncRun(trx, {
      id: newId(),
      space_id: space.id,
      organization_id: space.organization_id,
      direction,
      url_sealed: urlSealed,
      ref: input.ref,
      project_directory: target.projectDirectory,
      commit_message: input.commitMessage ?? null,
      standalone: input.standalone ?? false,
      force: input.force ?? false,
      created_by: userId,
    });
    ctx.log.info({ gitSyncRun: run.id, spaceId: space.id, direction, repository: target.url, branch: target.branch }, 'git sync queued');
    return run;
  });
}
