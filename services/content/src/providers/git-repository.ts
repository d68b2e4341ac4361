import fs from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import git from 'isomorphic-git';
import { BranchMovedError, GitHostError } from './git-host-error';
import { gitHttp, type GitHttpLimits } from './git-http';

/**
 * A branch of a repository on a git host, read and written with isomorphic-git over smart HTTP (docs/adr/0106):
 * each operation clones the branch's last commit into a temporary folder, removed afterwards. A token is sent as
 * the password of Basic auth, as GitHub and GitLab take it over HTTPS; it is never logged or returned.
 */
export interface GitRemote {
  url: string;
  branch: string;
  token?: string;
}

export interface GitRepositoryLimits extends GitHttpLimits {
  /** Files of the branch read. */
  maxFiles: number;
  /** Bytes of all the files read, once inflated. */
  maxTreeBytes: number;
}

export interface GitAuthor {
  name: string;
  email: string;
}

const authOf = (remote: GitRemote) => (remote.token ? () => ({ username: 'x-access-token', password: remote.token }) : undefined);

/** The host's refusal as a GitHostError that says what went wrong (never the token). */
function hostError(err: unknown, remote: GitRemote): Error {
  if (err instanceof GitHostError) return err;
  const data = (err as { data?: { statusCode?: number } }).data;
  if (data?.statusCode === 401 || data?.statusCode === 403) return new GitHostError(`the git host refused the credentials for ${remote.url} (HTTP ${data.statusCode})`);
  if (data?.statusCode) return new GitHostError(`the git host answered HTTP ${data.statusCode} for ${remote.url}`);
  const code = (err as { code?: string }).code;
  if (code === 'NotFoundError') return new GitHostError(`branch ${remote.branch} does not exist in ${remote.url}`);
  return err instanceof Error ? err : new Error(String(err));
}

async function withClone<T>(remote: GitRemote, limits: GitHttpLimits, checkout: boolean, work: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'dp-sync-'));
  try {
    await git.clone({ fs, http: gitHttp(limits), dir, url: remote.url, ref: remote.branch, singleBranch: true, depth: 1, noCheckout: !checkout, onAuth: authOf(remote) });
    return await work(dir);
  } catch (err) {
    throw hostError(err, remote);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The files of the branch's last commit, by path, and that commit with its message; past the limits it is refused. */
export async function readBranch(remote: GitRemote, limits: GitRepositoryLimits): Promise<{ commit: string; message: string; files: Map<string, Buffer> }> {
  return withClone(remote, limits, false, async (dir) => {
    const commit = await git.resolveRef({ fs, dir, ref: 'HEAD' });
    const { message } = (await git.readCommit({ fs, dir, oid: commit })).commit;
    const paths = await git.listFiles({ fs, dir, ref: commit });
    if (paths.length > limits.maxFiles) throw new GitHostError(`the branch holds ${paths.length} files, more than the ${limits.maxFiles} a sync reads`);
    const files = new Map<string, Buffer>();
    let bytes = 0;
    for (const path of paths) {
      const { blob } = await git.readBlob({ fs, dir, oid: commit, filepath: path });
      bytes += blob.byteLength;
      if (bytes > limits.maxTreeBytes) throw new GitHostError(`the branch's files are larger than the ${limits.maxTreeBytes} bytes a sync reads`);
      files.set(path, Buffer.from(blob));
    }
    return { commit, message, files };
  });
}

/** The files of a directory an export owns: its markdown and its assets; anything else (code, CI files) is the team's. */
const ownedByExport = (path: string) => /\.md$/i.test(path) || /(^|\/)\.gitbook\/assets\//.test(path);

/**
 * One commit on the branch that makes `directory` hold `files` (paths relative to it), pushed; its id. The
 * markdown and assets under `directory` that `files` does not name are removed; every other file of the
 * repository is kept. With `expectedHead`, a branch at another commit is left alone (BranchMovedError); a branch
 * that moves meanwhile refuses the push.
 */
export async function commitFiles(
  remote: GitRemote,
  limits: GitHttpLimits,
  change: { directory: string; files: ReadonlyMap<string, string | Buffer>; message: string; author: GitAuthor; expectedHead?: string },
): Promise<string> {
  return withClone(remote, limits, true, async (dir) => {
    const head = await git.resolveRef({ fs, dir, ref: 'HEAD' });
    if (change.expectedHead && head !== change.expectedHead) throw new BranchMovedError(remote.branch, head);
    const prefix = change.directory ? `${change.directory}/` : '';
    const wanted = new Set([...change.files.keys()].map((p) => `${prefix}${p}`));
    for (const path of await git.listFiles({ fs, dir })) {
      if (path.startsWith(prefix) && ownedByExport(path.slice(prefix.length)) && !wanted.has(path)) await git.remove({ fs, dir, filepath: path }).then(() => rm(join(dir, path), { force: true }));
    }
    for (const [path, content] of change.files) {
      const filepath = `${prefix}${path}`;
      await mkdir(dirname(join(dir, filepath)), { recursive: true });
      await writeFile(join(dir, filepath), content);
      await git.add({ fs, dir, filepath });
    }
    const author = { ...change.author, timestamp: Math.floor(Date.now() / 1000) };
    const commit = await git.commit({ fs, dir, message: change.message, author, committer: author });
    const pushed = await git.push({ fs, http: gitHttp(limits), dir, remote: 'origin', ref: remote.branch, onAuth: authOf(remote) });
    if (!pushed.ok) throw new GitHostError(`the git host refused the push to ${remote.branch}: ${pushed.error ?? 'no reason given'}`);
    return commit;
  });
}
