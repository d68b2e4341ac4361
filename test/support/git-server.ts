import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/**
 * A real git server on 127.0.0.1 for the tests: Debian's `git http-backend` (smart HTTP, fetch and push) behind a
 * small CGI bridge, over bare repositories in a temp folder. With `token`, a request must carry it as the
 * password of Basic auth, as GitHub and GitLab take a token over HTTPS.
 */
export interface GitServer {
  url: string;
  /** A new bare repository whose `branch` holds `files` in one commit; its clone URL. */
  repository(name: string, files: Record<string, string>, branch?: string): string;
  /** A commit pushed to `branch` by someone else than the platform: `files` written (null: removed); its id. */
  commit(name: string, files: Record<string, string | null>, message: string, branch?: string): string;
  /** `git` run in a bare repository of this server (`log`, `show`...): its standard output. */
  git(name: string, ...args: string[]): string;
  requests: number;
  close(): Promise<void>;
}

const BACKEND = '/usr/lib/git-core/git-http-backend';
const gitEnv = { GIT_AUTHOR_NAME: 'Tester', GIT_AUTHOR_EMAIL: 'tester@example.com', GIT_COMMITTER_NAME: 'Tester', GIT_COMMITTER_EMAIL: 'tester@example.com' };

export async function startGitServer(opts: { token?: string } = {}): Promise<GitServer> {
  const root = mkdtempSync(join(tmpdir(), 'dp-git-'));
  let requests = 0;
  const server = http.createServer((req, res) => {
    requests++;
    const auth = req.headers.authorization ?? '';
    const password = auth.startsWith('Basic ') ? Buffer.from(auth.slice(6), 'base64').toString().split(':').slice(1).join(':') : undefined;
    if (opts.token && password !== opts.token) {
      res.writeHead(401, { 'www-authenticate': 'Basic realm="git"' }).end('unauthorized');
      return;
    }
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const cgi = spawn(BACKEND, [], {
      env: {
        GIT_PROJECT_ROOT: root,
        GIT_HTTP_EXPORT_ALL: '1',
        // Pushes are allowed to an authenticated user (http-backend's rule): the bridge has checked the token.
        REMOTE_USER: 'tester',
        REQUEST_METHOD: req.method ?? 'GET',
        PATH_INFO: decodeURIComponent(url.pathname),
        QUERY_STRING: url.search.slice(1),
        CONTENT_TYPE: req.headers['content-type'] ?? '',
        ...(req.headers['content-encoding'] ? { HTTP_CONTENT_ENCODING: req.headers['content-encoding'] } : {}),
        GIT_HTTP_MAX_REQUEST_BUFFER: '100M',
      },
    });
    req.pipe(cgi.stdin);
    let head = Buffer.alloc(0);
    let headersDone = false;
    cgi.stdout.on('data', (chunk: Buffer) => {
      if (headersDone) return void res.write(chunk);
      head = Buffer.concat([head, chunk]);
      const end = head.indexOf('\r\n\r\n');
      if (end < 0) return;
      headersDone = true;
      let status = 200;
      const headers: Record<string, string> = {};
      for (const line of head.subarray(0, end).toString().split('\r\n')) {
        const [name, ...value] = line.split(':');
        if (name.toLowerCase() === 'status') status = Number(value.join(':').trim().split(' ')[0]);
        else headers[name] = value.join(':').trim();
      }
      res.writeHead(status, headers);
      res.write(head.subarray(end + 4));
    });
    cgi.stdout.on('end', () => res.end());
    cgi.on('error', () => res.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    get requests() {
      return requests;
    },
    repository(name, files, branch = 'main') {
      const bare = join(root, `${name}.git`);
      const work = mkdtempSync(join(tmpdir(), 'dp-git-work-'));
      try {
        execFileSync('git', ['init', '-q', '--bare', '-b', branch, bare]);
        execFileSync('git', ['init', '-q', '-b', branch, work]);
        for (const [path, text] of Object.entries(files)) {
          mkdirSync(dirname(join(work, path)), { recursive: true });
          writeFileSync(join(work, path), text);
        }
        execFileSync('git', ['-C', work, 'add', '-A'], { env: { ...process.env, ...gitEnv } });
        execFileSync('git', ['-C', work, 'commit', '-q', '-m', 'Initial content'], { env: { ...process.env, ...gitEnv } });
        execFileSync('git', ['-C', work, 'push', '-q', bare, `${branch}:${branch}`], { env: { ...process.env, ...gitEnv } });
      } finally {
        rmSync(work, { recursive: true, force: true });
      }
      return `${url}/${name}.git`;
    },
    commit(name, files, message, branch = 'main') {
      const bare = join(root, `${name}.git`);
      const work = mkdtempSync(join(tmpdir(), 'dp-git-work-'));
      const run = (...args: string[]) => execFileSync('git', ['-C', work, ...args], { env: { ...process.env, ...gitEnv } });
      try {
        execFileSync('git', ['clone', '-q', '-b', branch, bare, work]);
        for (const [path, text] of Object.entries(files)) {
          if (text === null) run('rm', '-q', path);
          else {
            mkdirSync(dirname(join(work, path)), { recursive: true });
            writeFileSync(join(work, path), text);
          }
        }
        run('add', '-A');
        run('commit', '-q', '-m', message);
        run('push', '-q', 'origin', `${branch}:${branch}`);
        return run('rev-parse', 'HEAD').toString().trim();
      } finally {
        rmSync(work, { recursive: true, force: true });
      }
    },
    git(name, ...args) {
      return execFileSync('git', ['--git-dir', join(root, `${name}.git`), ...args]).toString();
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(root, { recursive: true, force: true });
    },
  };
}
