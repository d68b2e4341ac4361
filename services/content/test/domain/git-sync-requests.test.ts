import { importedContent, importedFiles, contentTypeOf } from '../../src/domain/git-sync/imported-content';
import { DEFAULT_CONFIG } from '../../src/domain/git-sync/gitbook-config';
import { branchOf, SyncRequestError, syncTargetOf } from '../../src/domain/git-sync/repository-url';
import { createdByPlatform, exportCommitMessage, mergeCommitMessage, operationStateOf } from '../../src/domain/git-sync/run-state';
import type { PageNode } from '../../src/domain/revision/types';

/** Git Sync's pure rules (docs/adr/0107): what a request names, what an import makes of a tree, how runs show. */
describe('a sync request', () => {
  test('When the URL holds credentials, Then the token is kept apart and the URL shown has none', () => {
    expect(syncTargetOf({ url: 'https://x-access-token:s3cr%2Ft@github.com/acme/docs.git', ref: 'refs/heads/main' })).toEqual({
      url: 'https://github.com/acme/docs.git',
      token: 's3cr/t',
      provider: 'github',
      repositoryName: 'acme/docs',
      branch: 'main',
      projectDirectory: '',
    });
    expect(syncTargetOf({ url: 'https://glpat-1@gitlab.example.com/group/sub/docs', ref: 'refs/heads/release/2.x', repoProjectDirectory: '/docs/' })).toMatchObject({
      token: 'glpat-1',
      provider: 'gitlab',
      repositoryName: 'group/sub/docs',
      branch: 'release/2.x',
      projectDirectory: 'docs',
    });
  });

  test('When a ref is not a branch, or a URL or directory is hostile, Then it is refused naming the field', () => {
    for (const ref of ['main', 'refs/tags/v1', 'refs/heads/', 'refs/heads/a..b', 'refs/heads/x.lock', 'refs/heads/a b', 'refs/heads/.hidden']) expect(() => branchOf(ref)).toThrow(SyncRequestError);
    expect(() => syncTargetOf({ url: 'ssh://git@github.com/a/b.git', ref: 'refs/heads/main' })).toThrow(/http\(s\) URL/);
    expect(() => syncTargetOf({ url: 'https://github.com/', ref: 'refs/heads/main' })).toThrow(/names no repository/);
    expect(() => syncTargetOf({ url: `https://github.com/${'a'.repeat(3000)}`, ref: 'refs/heads/main' })).toThrow(/longer than/);
    expect(() => syncTargetOf({ url: 'https://github.com/a/b', ref: 'refs/heads/main', repoProjectDirectory: 'docs/../../etc' })).toThrow(/leaves the synced directory/);
  });
});

describe('an imported tree', () => {
  const page = (id: string, extra: Partial<PageNode> = {}): PageNode => ({ id, parent: null, type: 'document', title: id, slug: id, hidden: false, noIndex: false, noRobotsIndex: false, documentHash: null, createdAt: 't0', updatedAt: 't0', ...extra });

  test('When a page the space had is imported, Then it keeps what the file does not say and takes its front matter', () => {
    const base = { pages: [page('a', { emoji: '1f600', description: 'Old' })], files: [], variables: { v: '1' }, reusableContents: [] };
    const { content, documents } = importedContent(base, { pages: [{ id: 'a', created: false, parent: null, type: 'document', title: 'A', slug: 'a', markdown: '---\ndescription: New\nhidden: true\n---\n\nBody.\n' }, { id: 'b', created: true, parent: 'a', type: 'group', title: 'B', slug: 'b' }] }, [], 't1');
    expect(content.pages[0]).toMatchObject({ id: 'a', title: 'A', emoji: '1f600', description: 'New', hidden: true, createdAt: 't0', updatedAt: 't1' });
    expect(documents.get(content.pages[0].documentHash!)).toContain('Body.');
    expect(content.pages[1]).toMatchObject({ id: 'b', parent: 'a', type: 'group', documentHash: null, createdAt: 't1' });
    expect(content.variables).toEqual({ v: '1' });
  });

  test('When an asset is where an export put a file, Then it keeps the file id; a new one gets a new id and a type from its name', () => {
    const logo = { id: 'f1', name: 'logo.png', contentType: 'image/png', size: 3, blobHash: 'h1', dimensions: { width: 1, height: 1 } };
    let n = 0;
    const { files, ids } = importedFiles([logo], [{ path: '.gitbook/assets/logo.png', size: 3, blobHash: 'h1' }, { path: '.gitbook/assets/guide.pdf', size: 9, blobHash: 'h2' }], DEFAULT_CONFIG, () => `new-${++n}`);
    expect(files).toEqual([logo, { id: 'new-1', name: 'guide.pdf', contentType: 'application/pdf', size: 9, blobHash: 'h2' }]);
    expect(ids).toEqual(new Map([['.gitbook/assets/logo.png', 'f1'], ['.gitbook/assets/guide.pdf', 'new-1']]));
    const edited = importedFiles([logo], [{ path: '.gitbook/assets/logo.png', size: 5, blobHash: 'h9' }], DEFAULT_CONFIG, () => 'x').files[0];
    expect(edited).toEqual({ id: 'f1', name: 'logo.png', contentType: 'image/png', size: 5, blobHash: 'h9' });
    expect(contentTypeOf('archive.TAR')).toBe('application/octet-stream');
  });
});

describe('a run', () => {
  test("When an export commits, Then its message carries the platform's trailer, which an import recognizes", () => {
    const message = exportCommitMessage('Docs: edit setup');
    expect(message).toBe('Docs: edit setup\n\nDocs-Platform-Sync: export\n');
    expect(createdByPlatform(message)).toBe(true);
    expect(createdByPlatform('Edit by hand\n\nmentions Docs-Platform-Sync: export inline')).toBe(false);
    expect(exportCommitMessage('  ')).toMatch(/^Update from the documentation platform/);
  });

  test("When a merge is exported, Then GitBook's template placeholders are filled in; without a template the subject and number are", () => {
    expect(mergeCommitMessage('GITBOOK-{change_request_number}: {change_request_subject}', { number: 14, subject: 'Improve users' })).toBe('GITBOOK-14: Improve users');
    expect(mergeCommitMessage('{change_request_subject} / {change_request_subject}', { number: 2, subject: '' })).toBe('No subject / No subject');
    expect(mergeCommitMessage(null, { number: 3, subject: 'Edit' })).toBe('Edit (change request #3)');
  });

  test('When a run waits or was cancelled, Then the official operation state says running or failure', () => {
    expect(['queued', 'running', 'success', 'failure', 'timeout', 'cancelled'].map((s) => operationStateOf(s as never))).toEqual(['running', 'running', 'success', 'failure', 'timeout', 'failure']);
  });
});
