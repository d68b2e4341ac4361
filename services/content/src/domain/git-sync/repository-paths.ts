import { GitSyncFormatError, REPOSITORY_LIMITS } from './format-error';

/**
 * A path inside the synced directory, normalized: `/`-separated, no `.` segment, no leading `./` or `/`. One that
 * climbs out of it (`..` past its start), or is too long, is refused: a repository never reaches a file outside
 * the directory the installation names.
 */
export function normalizePath(path: string, what = 'path'): string {
  if (path.length > REPOSITORY_LIMITS.pathLength) throw new GitSyncFormatError(`${what} is longer than ${REPOSITORY_LIMITS.pathLength} characters`);
  const out: string[] = [];
  for (const segment of path.replace(/\\/g, '/').split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (out.length === 0) throw new GitSyncFormatError(`${what} "${path}" leaves the synced directory`);
      out.pop();
    } else out.push(segment);
  }
  return out.join('/');
}

/** `path` (relative to `dir`) as a path of the synced directory. */
export const joinPath = (dir: string, path: string, what?: string) => normalizePath(dir ? `${dir}/${path}` : path, what);

/** The directory part of a path ('' at the top). */
export const dirOf = (path: string) => (path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '');

/** `path` as seen from directory `dir` when it is inside it (as written there), else as it is. */
export const relativeTo = (dir: string, path: string) => (dir && path.startsWith(`${dir}/`) ? path.slice(dir.length + 1) : path);
