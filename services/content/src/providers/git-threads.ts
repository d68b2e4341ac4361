import { createThreads, siblingModule } from '@dp/threads';
import { BranchMovedError, GitHostError } from './git-host-error';
import type { GitAuthor, GitRemote, GitRepositoryLimits } from './git-repository';
import type { gitTask, GitTask, GitTaskResult } from './git-task';

/** How much a sync's git work may take, whatever the repository holds. */
export interface GitThreadsOptions {
  /** Syncs at once; more wait, past `maxQueue` they are refused. */
  threads: number;
  maxQueue: number;
  deadlineMs: number;
  memoryMb: number;
}

const WHY = {
  busy: 'too many syncs are running: try again later',
  deadline: 'the repository took longer than a sync may',
  memory: 'the repository needs more memory than a sync may use',
  crashed: 'the repository needs more memory than a sync may use',
  closed: 'the service is stopping',
} as const;

/**
 * Repositories read and written on threads of their own (git-task.ts), a fresh one per task: nothing of one
 * tenant's repository stays for the next, and a repository that inflates past the heap cap or runs past the
 * deadline ends its thread and its sync alone, with a reason the sync's state shows.
 */
export function createGitThreads(options: GitThreadsOptions) {
  const threads = createThreads<typeof gitTask>({ module: siblingModule(__filename, 'git-task'), ...options, threadPerTask: true });
  async function run(task: GitTask): Promise<GitTaskResult> {
    const outcome = await threads.run(task);
    if (!outcome.ok) throw new GitHostError(outcome.reason === 'failed' ? outcome.message : `${WHY[outcome.reason]} (${outcome.message})`, { timedOut: outcome.reason === 'deadline' });
    return outcome.value;
  }
  return {
    async read(remote: GitRemote, limits: GitRepositoryLimits) {
      const result = await run({ op: 'read', remote, limits });
      if (result.op !== 'read') throw new Error('the git thread answered a read with a commit');
      return { commit: result.commit, message: result.message, files: new Map(result.files.map(([path, bytes]) => [path, Buffer.from(bytes)])) };
    },
    /** The commit pushed; BranchMovedError when the branch is not at `expectedHead`. */
    async commit(remote: GitRemote, limits: GitRepositoryLimits, change: { directory: string; files: ReadonlyMap<string, string | Buffer>; message: string; author: GitAuthor; expectedHead?: string }) {
      const files = [...change.files].map(([path, content]): [string, Uint8Array] => [path, typeof content === 'string' ? new TextEncoder().encode(content) : new Uint8Array(content)]);
      const result = await run({ op: 'commit', remote, limits, directory: change.directory, files, message: change.message, author: change.author, expectedHead: change.expectedHead });
      if (result.op === 'moved') throw new BranchMovedError(remote.branch, result.head);
      if (result.op !== 'commit') throw new Error('the git thread answered a commit with a read');
      return result.commit;
    },
    close: () => threads.close(),
  };
}
