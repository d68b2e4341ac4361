import { normalizePath } from './repository-paths';

/**
 * What an import or export request names (docs/adr/0107): the repository's URL (which may hold credentials, as
 * `https://user:token@host/owner/name.git`), the branch as `refs/heads/<name>` and the project's directory. Pure:
 * each bad value is a SyncRequestError naming the field, answered as a 400.
 */
export class SyncRequestError extends Error {}

export interface SyncTarget {
  /** The URL without its credentials: what may be shown and logged. */
  url: string;
  /** The password of the URL's credentials, else its user name (`https://<token>@github.com/...`). */
  token?: string;
  provider: 'github' | 'gitlab';
  /** `owner/name`, from the URL's path. */
  repositoryName: string;
  branch: string;
  projectDirectory: string;
}

const MAX_URL_LENGTH = 2_048;

export function syncTargetOf(input: { url: string; ref: string; repoProjectDirectory?: string; provider?: 'github' | 'gitlab' }): SyncTarget {
  if (input.url.length > MAX_URL_LENGTH) throw new SyncRequestError(`body.url is longer than ${MAX_URL_LENGTH} characters`);
  let url: URL;
  try {
    url = new URL(input.url);
  } catch {
    throw new SyncRequestError('body.url is not a URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new SyncRequestError(`body.url must be an http(s) URL of a git repository, not ${url.protocol}`);
  const token = decodeURIComponent(url.password) || decodeURIComponent(url.username) || undefined;
  url.username = '';
  url.password = '';
  url.hash = '';
  const repositoryName = url.pathname.replace(/^\/+|\/+$/g, '').replace(/\.git$/, '');
  if (!repositoryName) throw new SyncRequestError('body.url names no repository (its path is empty)');
  return {
    url: url.toString(),
    ...(token ? { token } : {}),
    provider: input.provider ?? (/gitlab/i.test(url.hostname) ? 'gitlab' : 'github'),
    repositoryName,
    branch: branchOf(input.ref),
    projectDirectory: directoryOf(input.repoProjectDirectory),
  };
}

/** `refs/heads/<name>` to `<name>`; any other ref (a tag, a commit) cannot be synced to. */
export function branchOf(ref: string): string {
  const match = /^refs\/heads\/(.+)$/.exec(ref);
  const name = match?.[1];
  if (!name || name.length > 255 || /(^|\/)\.|\.\.|[\s~^:?*[\\\p{Cc}]|\/$|\.lock$|@\{/u.test(name)) {
    throw new SyncRequestError(`body.ref must name a branch as "refs/heads/<branch>", got "${ref.slice(0, 300)}"`);
  }
  return name;
}

function directoryOf(directory: string | undefined): string {
  if (!directory || /^[./]*$/.test(directory)) return '';
  try {
    return normalizePath(directory.replace(/^\/+|\/+$/g, ''), 'body.repoProjectDirectory');
  } catch (err) {
    throw new SyncRequestError(err instanceof Error ? err.message : String(err));
  }
}
