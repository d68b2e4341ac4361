/** The official states, stages and directions of a Git Sync run (GitSyncRunState, GitSyncOperationStage). */
export type GitSyncRunState = 'queued' | 'running' | 'success' | 'failure' | 'timeout' | 'cancelled';
export type GitSyncStage = 'repo_fetch' | 'config_check' | 'content_process' | 'finalize';
export type GitSyncDirection = 'import' | 'export';

/** GitSyncState's operation state (GitSyncOperationState): a run waiting in the queue shows as running. */
export const operationStateOf = (state: GitSyncRunState): 'running' | 'failure' | 'success' | 'timeout' =>
  state === 'queued' || state === 'running' ? 'running' : state === 'cancelled' ? 'failure' : state;

/** Why a run ended as `timeout` when its worker stopped without saying how it ended. */
export const ABANDONED_REASON = 'the worker running this sync stopped before it ended; nothing was written: run it again';

/**
 * The commit message an export writes: the one asked, then a trailer that marks the commit as the platform's own,
 * so that an import of it knows (GitSyncCommit.createdByService).
 */
export const EXPORT_TRAILER = 'Docs-Platform-Sync: export';

export function exportCommitMessage(message: string): string {
  const text = message.trim() || 'Update from the documentation platform';
  return `${text}\n\n${EXPORT_TRAILER}\n`;
}

export const createdByPlatform = (message: string) => message.split('\n').some((line) => line.trim() === EXPORT_TRAILER);

/**
 * GitBook's commit message template for an export after a merge: `{change_request_number}` and
 * `{change_request_subject}` (`No subject` when it has none) are replaced; without an installation's own template,
 * the change request's subject and number.
 */
export const DEFAULT_COMMIT_TEMPLATE = '{change_request_subject} (change request #{change_request_number})';

export function mergeCommitMessage(template: string | null | undefined, changeRequest: { number: number; subject: string }): string {
  return (template || DEFAULT_COMMIT_TEMPLATE).replaceAll('{change_request_number}', String(changeRequest.number)).replaceAll('{change_request_subject}', changeRequest.subject || 'No subject');
}
