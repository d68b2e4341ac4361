import { GitHostError } from '../../src/providers/git-host-error';
import { commitFiles, readBranch, type GitRepositoryLimits } from '../../src/providers/git-repository';
import { createGitThreads } from '../../src/providers/git-threads';
import { startGitServer, type GitServer } from '../../../../test/support/git-server';

/**
 * Reading and writing a branch with isomorphic-git against a real git server on 127.0.0.1 (Debian's git
 * http-backend behind the tests' bridge, which asks for a token), through the platform's outbound guards.
 */
let server: GitServer;
const TOKEN = 'secret-token';
const limits: GitRepositoryLimits = { allow: '127.0.0.1', maxBytes: 5_000_000, timeoutMs: 20_000, maxFiles: 100, maxTreeBytes: 1_000_000, maxInflatedBytes: 5_000_000 };

beforeAll(async () => {
  server = await startGitServer({ token: TOKEN });
});
afterAll(() => server?.close());

const seed = { 'README.md': '# Welcome\n\nStart here.\n', 'SUMMARY.md': '# Table of contents\n\n* [Welcome](README.md)\n* [Guide](guide.md)\n', 'guide.md': '# Guide\n', 'src/app.js': 'console.log(1);\n' };

test('When a branch is read, Then every file of its last commit comes back with the commit', async () => {
  const url = server.repository('read', seed);
  const { commit, files } = await readBranch({ url, branch: 'main', token: TOKEN }, limits);
  expect(commit).toBe(server.git('read', 'rev-parse', 'main').trim());
  expect(Object.fromEntries([...files].map(([path, bytes]) => [path, bytes.toString()]))).toEqual(seed);
});

test('When files are committed to a directory, Then the branch has one new commit by that author with them there, the markdown and assets they no longer name removed, and the rest kept', async () => {
  const url = server.repository('write', { ...seed, 'docs/old.md': '# Old\n', 'docs/.gitbook/assets/old.png': 'png', 'docs/build.js': 'build();\n' });
  const files = new Map([
    ['README.md', '# Welcome\n\nEdited.\n'],
    ['guide/setup.md', '# Setup\n'],
  ]);
  const commit = await commitFiles({ url, branch: 'main', token: TOKEN }, limits, { directory: 'docs', files, message: 'Docs: merge of "Edit setup"', author: { name: 'Ada', email: 'ada@example.com' } });
  expect(server.git('write', 'rev-parse', 'main').trim()).toBe(commit);
  expect(server.git('write', 'log', '-1', '--format=%an <%ae>|%s', 'main').trim()).toBe('Ada <ada@example.com>|Docs: merge of "Edit setup"');
  expect(server.git('write', 'ls-tree', '-r', '--name-only', 'main').trim().split('\n').sort()).toEqual(['README.md', 'SUMMARY.md', 'docs/README.md', 'docs/build.js', 'docs/guide/setup.md', 'guide.md', 'src/app.js']);
  expect(server.git('write', 'show', 'main:docs/guide/setup.md')).toBe('# Setup\n');
  expect(server.git('write', 'rev-list', '--count', 'main').trim()).toBe('2');
});

test('When the token is wrong, Then the host refuses it and the error says so without the token', async () => {
  const url = server.repository('auth', seed);
  const err = await readBranch({ url, branch: 'main', token: 'wrong' }, limits).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(GitHostError);
  expect((err as Error).message).toMatch(/refused the credentials .* \(HTTP 401\)/);
  expect((err as Error).message).not.toContain('wrong');
});

test('When the branch does not exist, Then the error names it', async () => {
  const url = server.repository('branches', seed);
  await expect(readBranch({ url, branch: 'nope', token: TOKEN }, limits)).rejects.toThrow(GitHostError);
});

test('When the host is on a private address not allowed, or answers more than allowed, Then nothing is read', async () => {
  const url = server.repository('guarded', seed);
  await expect(readBranch({ url, branch: 'main', token: TOKEN }, { ...limits, allow: undefined })).rejects.toThrow(/could not be reached/);
  await expect(readBranch({ url, branch: 'main', token: TOKEN }, { ...limits, maxBytes: 200 })).rejects.toThrow(GitHostError);
  await expect(readBranch({ url, branch: 'main', token: TOKEN }, { ...limits, maxFiles: 3 })).rejects.toThrow(/holds 4 files, more than the 3/);
  await expect(readBranch({ url, branch: 'main', token: TOKEN }, { ...limits, maxTreeBytes: 40 })).rejects.toThrow(/larger than the 40 bytes/);
});

describe('on threads of their own (git-threads.ts)', () => {
  const threads = createGitThreads({ threads: 1, maxQueue: 2, deadlineMs: 60_000, memoryMb: 128 });
  afterAll(() => threads.close());

  test('When a branch is read and written on a thread, Then the answers are the same as in the process', async () => {
    const url = server.repository('threaded', seed);
    const { commit, files } = await threads.read({ url, branch: 'main', token: TOKEN }, limits);
    expect(commit).toBe(server.git('threaded', 'rev-parse', 'main').trim());
    expect(files.get('guide.md')?.toString()).toBe('# Guide\n');
    const pushed = await threads.commit({ url, branch: 'main', token: TOKEN }, limits, { directory: '', files: new Map([['guide.md', '# Guide v2\n']]), message: 'Edit', author: { name: 'Ada', email: 'ada@example.com' } });
    expect(server.git('threaded', 'show', `${pushed}:guide.md`)).toBe('# Guide v2\n');
    expect(server.git('threaded', 'ls-tree', '--name-only', 'main').trim().split('\n')).toEqual(['guide.md', 'src']);
  });

  test('When a repository hides a huge file in a small pack, Then the sync is refused before anything inflates it', async () => {
    const url = server.repository('bomb', { 'README.md': '# Hi\n', 'zeros.bin': '\0'.repeat(100_000_000) });
    const started = process.memoryUsage().rss;
    await expect(threads.read({ url, branch: 'main', token: TOKEN }, { ...limits, maxInflatedBytes: 2_000_000 })).rejects.toThrow(/larger than the 2000000 bytes a sync may inflate/);
    // Nothing near the file's 100 MB was held (the test's own copy of it aside, made before `started`).
    expect(process.memoryUsage().rss - started).toBeLessThan(60_000_000);
  });

  test('When a sync runs past its deadline, Then its thread ends and the error says why', async () => {
    const slow = createGitThreads({ threads: 1, maxQueue: 1, deadlineMs: 1, memoryMb: 128 });
    try {
      const url = server.repository('slow', seed);
      await expect(slow.read({ url, branch: 'main', token: TOKEN }, limits)).rejects.toThrow(/took longer than a sync may/);
    } finally {
      await slow.close();
    }
  });
});
