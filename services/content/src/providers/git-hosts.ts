import { fetchOutbound, OutboundError } from '@dp/outbound';
import { GitHostError } from './git-host-error';

/**
 * The few REST calls of GitHub and GitLab that Git Sync's installations use (docs/adr/0107): the repositories a
 * token may use, one repository, its branches, a file's metadata. Every call goes through @dp/outbound (SSRF
 * guards, a byte and a time limit) with the installation's token; lists stop at MAX_ITEMS. The API's base URL
 * is configurable (GitHub Enterprise Server, self-managed GitLab).
 */
export interface HostRepository {
  /** The provider's id (GitHub's repository id, GitLab's project id). */
  id: number;
  accountName: string;
  repositoryName: string;
  fullName: string;
  defaultBranch: string | null;
  /** Where git clones it over HTTPS. */
  cloneUrl: string;
}

export interface HostFile {
  name: string;
  path: string;
  sha: string;
  size: number;
}

export interface GitHostApi {
  repositories(): Promise<HostRepository[]>;
  repository(id: number): Promise<HostRepository>;
  /** `repo`: GitHub's `owner/name`, GitLab's project id. */
  branches(repo: string): Promise<string[]>;
  file(repo: string, path: string, ref?: string): Promise<HostFile | undefined>;
  /** A file's bytes at `ref` (both providers send them base64 in the same answer), undefined when there is none. */
  fileBytes(repo: string, path: string, ref: string): Promise<Buffer | undefined>;
}

/** The bytes of a contents answer (GitHub's `contents`, GitLab's `repository/files`): base64, as both document. */
const bytesOf = (raw: unknown): Buffer | undefined => {
  const f = obj(raw);
  if (typeof f.content !== 'string') return undefined;
  if (f.encoding !== 'base64') throw new GitHostError(`the git host sent a file encoded as ${str(f.encoding) || 'nothing'}, not base64`);
  return Buffer.from(f.content, 'base64');
};

export interface GitHostOptions {
  /** GitHub's API (`https://api.github.com`, `https://ghe.example.com/api/v3`) or GitLab's instance (`https://gitlab.com`). */
  baseUrl: string;
  token: string;
  allow?: readonly string[] | string;
  /** Time one look-up may take in all, every page of a list counted (a slow host cannot hold a request longer). */
  timeoutMs: number;
  maxBytes: number;
}

/** Items of a list, at most: a token that sees more repositories or branches shows the first ones. */
export const MAX_ITEMS = 1_000;
const PER_PAGE = 100;

type Json = Record<string, unknown>;
const str = (value: unknown) => (typeof value === 'string' ? value : '');
const num = (value: unknown) => (typeof value === 'number' ? value : Number(value));
const obj = (value: unknown): Json => (value !== null && typeof value === 'object' && !Array.isArray(value) ? Object.fromEntries(Object.entries(value)) : {});

async function call(options: GitHostOptions, deadline: number, path: string, headers: Record<string, string>): Promise<unknown> {
  const url = `${options.baseUrl.replace(/\/+$/, '')}${path}`;
  const late = () => new GitHostError(`the git host did not answer within ${options.timeoutMs} ms at ${new URL(url).origin}`);
  const timeoutMs = deadline - Date.now();
  if (timeoutMs <= 0) throw late();
  let res;
  try {
    res = await fetchOutbound(url, { headers: { accept: 'application/json', 'user-agent': 'docs-platform-git-sync', ...headers }, allow: options.allow, timeoutMs, maxBytes: options.maxBytes, anyStatus: true });
  } catch (err) {
    if (err instanceof OutboundError) throw err.code === 'TIMEOUT' || Date.now() >= deadline ? late() : new GitHostError(`the git host could not be reached at ${new URL(url).origin}: ${err.message}`);
    throw err;
  }
  if (res.status === 404) return undefined;
  if (res.status === 401 || res.status === 403) throw new GitHostError(`the git host refused the installation's token (HTTP ${res.status})`);
  if (res.status < 200 || res.status > 299) throw new GitHostError(`the git host answered HTTP ${res.status} for ${new URL(url).pathname}`);
  try {
    return JSON.parse(res.body.toString('utf8'));
  } catch {
    throw new GitHostError(`the git host answered ${new URL(url).pathname} with something other than JSON`);
  }
}

async function pages(fetchPage: (page: number) => Promise<unknown>): Promise<unknown[]> {
  const items: unknown[] = [];
  for (let page = 1; items.length < MAX_ITEMS; page++) {
    const batch = await fetchPage(page);
    if (!Array.isArray(batch)) break;
    items.push(...batch);
    if (batch.length < PER_PAGE) break;
  }
  return items.slice(0, MAX_ITEMS);
}

const found = <T>(value: T | undefined, what: string): T => {
  if (value === undefined) throw new GitHostError(`${what} was not found with the installation's token`);
  return value;
};

/** The API of one look-up: every call it makes shares the deadline set when it was made. */
export function githubApi(options: GitHostOptions): GitHostApi {
  const deadline = Date.now() + options.timeoutMs;
  const get = (path: string) => call(options, deadline, path, { authorization: `Bearer ${options.token}`, 'x-github-api-version': '2022-11-28' });
  const repository = (raw: unknown): HostRepository => {
    const r = obj(raw);
    return { id: num(r.id), accountName: str(obj(r.owner).login), repositoryName: str(r.name), fullName: str(r.full_name), defaultBranch: str(r.default_branch) || null, cloneUrl: str(r.clone_url) };
  };
  const path = (repo: string) => repo.split('/').map(encodeURIComponent).join('/');
  return {
    repositories: async () => (await pages((page) => get(`/user/repos?per_page=${PER_PAGE}&page=${page}&sort=full_name`))).map(repository),
    repository: async (id) => repository(found(await get(`/repositories/${encodeURIComponent(String(id))}`), `GitHub repository ${id}`)),
    branches: async (repo) => (await pages((page) => get(`/repos/${path(repo)}/branches?per_page=${PER_PAGE}&page=${page}`))).map((b) => str(obj(b).name)),
    async file(repo, filePath, ref) {
      const raw = await get(`/repos/${path(repo)}/contents/${filePath.split('/').map(encodeURIComponent).join('/')}${ref ? `?ref=${encodeURIComponent(ref)}` : ''}`);
      if (raw === undefined || Array.isArray(raw)) return undefined;
      const f = obj(raw);
      return { name: str(f.name), path: str(f.path), sha: str(f.sha), size: num(f.size) };
    },
    async fileBytes(repo, filePath, ref) {
      const raw = await get(`/repos/${path(repo)}/contents/${filePath.split('/').map(encodeURIComponent).join('/')}?ref=${encodeURIComponent(ref)}`);
      return raw === undefined || Array.isArray(raw) ? undefined : bytesOf(raw);
    },
  };
}

export function gitlabApi(options: GitHostOptions): GitHostApi {
  const deadline = Date.now() + options.timeoutMs;
  const get = (path: string) => call(options, deadline, `/api/v4${path}`, { 'private-token': options.token });
  const project = (raw: unknown): HostRepository => {
    const p = obj(raw);
    const fullName = str(p.path_with_namespace);
    return { id: num(p.id), accountName: str(obj(p.namespace).full_path) || fullName.split('/').slice(0, -1).join('/'), repositoryName: str(p.path), fullName, defaultBranch: str(p.default_branch) || null, cloneUrl: str(p.http_url_to_repo) };
  };
  return {
    repositories: async () => (await pages((page) => get(`/projects?membership=true&simple=true&per_page=${PER_PAGE}&page=${page}&order_by=path&sort=asc`))).map(project),
    repository: async (id) => project(found(await get(`/projects/${encodeURIComponent(String(id))}`), `GitLab project ${id}`)),
    branches: async (repo) => (await pages((page) => get(`/projects/${encodeURIComponent(repo)}/repository/branches?per_page=${PER_PAGE}&page=${page}`))).map((b) => str(obj(b).name)),
    async file(repo, filePath, ref) {
      const raw = await get(`/projects/${encodeURIComponent(repo)}/repository/files/${encodeURIComponent(filePath)}?ref=${encodeURIComponent(ref ?? 'HEAD')}`);
      if (raw === undefined) return undefined;
      const f = obj(raw);
      return { name: str(f.file_name), path: str(f.file_path), sha: str(f.blob_id), size: num(f.size) };
    },
    async fileBytes(repo, filePath, ref) {
      const raw = await get(`/projects/${encodeURIComponent(repo)}/repository/files/${encodeURIComponent(filePath)}?ref=${encodeURIComponent(ref)}`);
      return raw === undefined ? undefined : bytesOf(raw);
    },
  };
}
