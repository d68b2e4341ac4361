import { threadTask } from '@dp/threads';
import { BranchMovedError } from './git-host-error';
import { commitFiles, readBranch, type GitAuthor, type GitRemote, type GitRepositoryLimits } from './git-repository';

/**
 * The git thread's task module (docs/adr/0063, 0106): one read or write of a repository, in a thread of its own
 * with a heap cap and a deadline, since cloning inflates whatever objects the host sends (a small compressed pack
 * can hold a huge file). Files cross the thread boundary as bytes.
 */
export type GitTask =
  | { op: 'read'; remote: GitRemote; limits: GitRepositoryLimits }
  | { op: 'commit'; remote: GitRemote; limits: GitRepositoryLimits; directory: string; files: Array<[string, Uint8Array]>; message: string; author: GitAuthor; expectedHead?: string };

export type GitTaskResult = { op: 'read'; commit: string; message: string; files: Array<[string, Uint8Array]> } | { op: 'commit'; commit: string } | { op: 'moved'; head: string };

export const gitTask = threadTask(async (task: GitTask): Promise<GitTaskResult> => {
  if (task.op === 'read') {
    const { commit, message, files } = await readBranch(task.remote, task.limits);
    return { op: 'read', commit, message, files: [...files].map(([path, bytes]) => [path, new Uint8Array(bytes)]) };
  }
  const files = new Map(task.files.map(([path, bytes]) => [path, Buffer.from(bytes)]));
  try {
    return { op: 'commit', commit: await commitFiles(task.remote, task.limits, { directory: task.directory, files, message: task.message, author: task.author, expectedHead: task.expectedHead }) };
  } catch (err) {
    // Errors cross the thread as messages: this one is an answer the caller acts on.
    if (err instanceof BranchMovedError) return { op: 'moved', head: err.head };
    throw err;
  }
});
