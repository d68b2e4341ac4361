import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for the handful of GitHub and GitLab REST calls Git Sync's installations make (docs/adr/0107), on
 * 127.0.0.1, answering in the providers' documented shapes (GitHub's `repos`, `branches`, `contents`; GitLab's v4
 * `projects`, `repository/branches`, `repository/files`). A call without the token is a 401, as theirs are.
 */
export interface HostedRepository {
  id: number;
  owner: string;
  name: string;
  defaultBranch: string;
  cloneUrl: string;
  branches: string[];
  files: Record<string, string>;
}

export interface GitHostApiServer {
  url: string;
  /** Paths asked, in order (with their query). */
  calls: string[];
  close(): Promise<void>;
}

export async function startGitHostApi(opts: { token: string; repositories: HostedRepository[] }): Promise<GitHostApiServer> {
  const calls: string[] = [];
  const github = (r: HostedRepository) => ({ id: r.id, name: r.name, full_name: `${r.owner}/${r.name}`, owner: { login: r.owner }, default_branch: r.defaultBranch, clone_url: r.cloneUrl, private: true });
  const gitlab = (r: HostedRepository) => ({ id: r.id, path: r.name, path_with_namespace: `${r.owner}/${r.name}`, namespace: { full_path: r.owner }, default_branch: r.defaultBranch, http_url_to_repo: r.cloneUrl });
  const pageOf = <T>(items: T[], url: URL) => {
    const per = Number(url.searchParams.get('per_page') ?? 30);
    const page = Number(url.searchParams.get('page') ?? 1);
    return items.slice((page - 1) * per, page * per);
  };
  // Both providers send a file's bytes base64 in the same answer (GitHub's `content`, GitLab's `content`).
  const base64Of = (r: HostedRepository, path: string) => Buffer.from(r.files[path]).toString('base64');
  const fileOf = (r: HostedRepository, path: string) => (path in r.files ? { path, size: Buffer.byteLength(r.files[path]), sha: `sha-${path.length}` } : undefined);

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    calls.push(`${url.pathname}${url.search}`);
    const send = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    const gitlabCall = url.pathname.startsWith('/api/v4/');
    const token = gitlabCall ? req.headers['private-token'] : req.headers.authorization?.replace(/^Bearer /, '');
    if (token !== opts.token) return send(401, { message: 'Bad credentials' });
    const byName = (owner: string, name: string) => opts.repositories.find((r) => r.owner === decodeURIComponent(owner) && r.name === decodeURIComponent(name));
    const byId = (id: string) => opts.repositories.find((r) => String(r.id) === decodeURIComponent(id));
    let m: RegExpExecArray | null;
    if (url.pathname === '/user/repos') return send(200, pageOf(opts.repositories.map(github), url));
    if ((m = /^\/repositories\/(\d+)$/.exec(url.pathname))) return byId(m[1]) ? send(200, github(byId(m[1])!)) : send(404, { message: 'Not Found' });
    if ((m = /^\/repos\/([^/]+)\/([^/]+)\/branches$/.exec(url.pathname))) {
      const r = byName(m[1], m[2]);
      return r ? send(200, pageOf(r.branches.map((name) => ({ name, commit: { sha: 'x' } })), url)) : send(404, { message: 'Not Found' });
    }
    if ((m = /^\/repos\/([^/]+)\/([^/]+)\/contents\/(.+)$/.exec(url.pathname))) {
      const r = byName(m[1], m[2]);
      const file = r && fileOf(r, decodeURIComponent(m[3]));
      return file ? send(200, { type: 'file', name: file.path.split('/').pop(), ...file, content: base64Of(r!, file.path), encoding: 'base64' }) : send(404, { message: 'Not Found' });
    }
    if (url.pathname === '/api/v4/projects') return send(200, pageOf(opts.repositories.map(gitlab), url));
    if ((m = /^\/api\/v4\/projects\/([^/]+)$/.exec(url.pathname))) return byId(m[1]) ? send(200, gitlab(byId(m[1])!)) : send(404, { message: '404 Project Not Found' });
    if ((m = /^\/api\/v4\/projects\/([^/]+)\/repository\/branches$/.exec(url.pathname))) {
      const r = byId(m[1]);
      return r ? send(200, pageOf(r.branches.map((name) => ({ name })), url)) : send(404, { message: '404 Project Not Found' });
    }
    if ((m = /^\/api\/v4\/projects\/([^/]+)\/repository\/files\/([^/]+)$/.exec(url.pathname))) {
      const r = byId(m[1]);
      const file = r && fileOf(r, decodeURIComponent(m[2]));
      return file ? send(200, { file_name: file.path.split('/').pop(), file_path: file.path, size: file.size, blob_id: file.sha, content: base64Of(r!, file.path), encoding: 'base64' }) : send(404, { message: '404 File Not Found' });
    }
    send(404, { message: 'Not Found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
