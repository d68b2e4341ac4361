import { exportSpace, withPageFields } from '../../src/domain/git-sync/export-space';
import { DEFAULT_CONFIG, parseGitbookConfig } from '../../src/domain/git-sync/gitbook-config';
import { importedIncludes, isIncludePath, readIncludeFile } from '../../src/domain/git-sync/includes';
import { readRepositoryPages } from '../../src/domain/git-sync/layout';
import { importSpace, redirectedPaths } from '../../src/domain/git-sync/import-space';
import type { FileEntry, PageNode } from '../../src/domain/revision/types';

/* A revision as its repository's files (issue 27, docs/adr/0106): pages, SUMMARY.md, assets, and links as paths. */
const page = (id: string, parent: string | null, title: string, slug: string, documentHash: string | null = `h-${id}`, type: PageNode['type'] = 'document'): PageNode => ({
  id,
  parent,
  type,
  title,
  slug,
  hidden: false,
  noIndex: false,
  noRobotsIndex: false,
  documentHash,
  createdAt: '2026-11-29T00:00:00.000Z',
  updatedAt: '2026-11-29T00:00:00.000Z',
});
const file = (id: string, name: string): FileEntry => ({ id, name, contentType: 'image/png', size: 3, blobHash: `b-${id}` });

const pages = [page('home', null, 'Welcome', 'welcome'), page('guide', null, 'Guide', 'guide'), page('setup', 'guide', 'Setup', 'setup'), page('api', null, 'API', 'api', null, 'group'), page('auth', 'api', 'Auth', 'auth')];
const documents = new Map([
  ['h-home', 'Read [the setup](/pages/setup#install) and [the API](/pages/auth).\n\n![Diagram](/files/f1)'],
  ['h-guide', 'Back [home](/pages/home). Elsewhere: [site](https://example.com) and [gone](/pages/nope).'],
  ['h-setup', '![Same name](/files/f2) and ![Diagram](/files/f1) and [top](/pages/home#top)'],
  ['h-auth', 'See [Guide](/pages/guide).'],
]);
const files = [file('f1', 'diagram.png'), file('f2', 'diagram.png')];

test("When a revision is exported, Then each page's links are relative paths to the files GitBook writes, and its files are assets", () => {
  const { text, assets } = exportSpace({ pages, documents, files });
  expect(text.get('README.md')).toBe('# Welcome\n\nRead [the setup](guide/setup.md#install) and [the API](api/auth.md).\n\n![Diagram](.gitbook/assets/diagram.png)\n');
  expect(text.get('guide/README.md')).toBe('# Guide\n\nBack [home](../README.md). Elsewhere: [site](https://example.com) and [gone](/pages/nope).\n');
  expect(text.get('guide/setup.md')).toBe('# Setup\n\n![Same name](../.gitbook/assets/diagram%20%282%29.png) and ![Diagram](../.gitbook/assets/diagram.png) and [top](../README.md#top)\n');
  expect(text.get('api/auth.md')).toBe('# Auth\n\nSee [Guide](../guide/README.md).\n');
  expect(assets.map((a) => [a.path, a.file.id])).toEqual([
    ['.gitbook/assets/diagram.png', 'f1'],
    ['.gitbook/assets/diagram (2).png', 'f2'],
  ]);
  expect(readRepositoryPages(text).map((p) => p.title)).toEqual(['Welcome', 'Guide', 'API']);
});

test('When the content sits in a folder, Then pages, assets and links are there, the links relative still', () => {
  const { text, assets } = exportSpace({ pages, documents, files, config: parseGitbookConfig('root: ./docs/') });
  expect([...text.keys()].sort()).toEqual(['docs/README.md', 'docs/SUMMARY.md', 'docs/api/auth.md', 'docs/guide/README.md', 'docs/guide/setup.md']);
  expect(assets[0].path).toBe('docs/.gitbook/assets/diagram.png');
  expect(text.get('docs/guide/setup.md')).toContain('![Diagram](../.gitbook/assets/diagram.png)');
});

test('When a file name could leave the assets folder, Then it stays inside it', () => {
  const { assets } = exportSpace({ pages, documents, files: [file('x', '../../etc/passwd'), file('y', '.hidden')] });
  expect(assets.map((a) => a.path)).toEqual(['.gitbook/assets/-..-etc-passwd', '.gitbook/assets/hidden']);
});

describe('importing the files back (import-space.ts)', () => {
  const layoutOf = (list: PageNode[]) => list.map((p) => ({ id: p.id, parent: p.parent, type: p.type, title: p.title, slug: p.slug }));
  let n = 0;
  const newId = () => `new${++n}`;

  test('When an export is imported into the same space, Then every page keeps its id and its links point at the same pages and files', () => {
    const { text, assets } = exportSpace({ pages, documents, files });
    const result = importSpace({ existing: layoutOf(pages), imported: readRepositoryPages(text), assets: new Map(assets.map((a) => [a.path, a.file.id])), newId });
    expect(result.removed).toEqual([]);
    expect(result.pages.map((p) => [p.id, p.created, p.parent, p.type, p.slug])).toEqual(pages.map((p) => [p.id, false, p.parent, p.type, p.slug]));
    for (const page of result.pages.filter((p) => p.type === 'document')) expect(page.markdown?.trim()).toBe(documents.get(`h-${page.id}`)!.trim());
  });

  test('When pages link through GitBook blocks (figures, files, content refs, cards), Then the export writes repository paths there and the import reads them back to the same pages and files', () => {
    const body = (to: (kind: 'page' | 'file', id: string) => string) =>
      [
        `<figure><img src="${to('file', 'f1')}" alt=""><figcaption><p>A diagram</p></figcaption></figure>`,
        `{% file src="${to('file', 'f2')}" %}`,
        `{% content-ref url="${to('page', 'setup')}" %}\n[Setup](${to('page', 'setup')})\n{% endcontent-ref %}`,
        `<table data-view="cards"><thead><tr><th></th><th data-hidden data-card-target data-type="content-ref"></th></tr></thead><tbody><tr><td>Guide</td><td><a href="${to('page', 'guide')}">Guide</a></td></tr></tbody></table>`,
      ].join('\n\n');
    const stored = body((kind, id) => `/${kind}s/${id}`);
    const inRepository: Record<string, string> = { f1: '../.gitbook/assets/diagram.png', f2: '../.gitbook/assets/diagram%20%282%29.png', setup: '../guide/setup.md', guide: '../guide/README.md' };
    const withBlocks = new Map([...documents, ['h-auth', stored]]);
    const { text, assets } = exportSpace({ pages, documents: withBlocks, files });
    expect(text.get('api/auth.md')).toBe(`# Auth\n\n${body((_, id) => inRepository[id])}\n`);
    const result = importSpace({ existing: layoutOf(pages), imported: readRepositoryPages(text), assets: new Map(assets.map((a) => [a.path, a.file.id])), newId });
    expect(result.pages.find((p) => p.id === 'auth')?.markdown?.trim()).toBe(stored);
  });

  test('When the repository renamed a file, added one and dropped one, Then the renamed and added pages are new, the dropped one is removed, links follow the files', () => {
    const { text } = exportSpace({ pages, documents, files });
    text.set('SUMMARY.md', '# Table of contents\n\n* [Welcome](README.md)\n* [Guide](guide/README.md)\n  * [Installing](guide/install.md)\n  * [FAQ](guide/faq.md)\n');
    text.set('guide/install.md', text.get('guide/setup.md')!.replace('# Setup', '# Installing'));
    text.set('guide/faq.md', '# FAQ\n\nSee [installing](install.md#top) and [nowhere](missing.md).\n');
    const result = importSpace({ existing: layoutOf(pages), imported: readRepositoryPages(text), assets: new Map(), newId });
    const byTitle = new Map(result.pages.map((p) => [p.title, p]));
    expect(byTitle.get('Welcome')).toMatchObject({ id: 'home', created: false });
    expect(byTitle.get('Installing')).toMatchObject({ created: true, parent: 'guide', slug: 'install' });
    expect(byTitle.get('FAQ')?.markdown).toBe(`See [installing](/pages/${byTitle.get('Installing')!.id}#top) and [nowhere](missing.md).\n`);
    expect(result.removed.sort()).toEqual(['api', 'auth', 'setup']);
  });

  test('When git moved a file, Then its page keeps its id: by its unchanged body, else by the one page left with its title', () => {
    const { text } = exportSpace({ pages, documents, files });
    const withBodies = pages.map((p) => ({ ...layoutOf([p])[0], markdown: documents.get(`h-${p.id}`) }));
    const setup = text.get('guide/setup.md')!;
    text.delete('guide/setup.md');
    text.set('guide/installation.md', setup.replace('# Setup', '# Installation'));
    text.set('SUMMARY.md', text.get('SUMMARY.md')!.replace('[Setup](guide/setup.md)', '[Installation](guide/installation.md)'));
    const moved = importSpace({ existing: withBodies, imported: readRepositoryPages(text), assets: new Map(), newId });
    expect(moved.pages.find((p) => p.title === 'Installation')).toMatchObject({ id: 'setup', created: false, slug: 'installation' });
    expect(moved.removed).not.toContain('setup');

    text.set('guide/installation.md', `${setup}\nEdited while moved.\n`);
    const edited = importSpace({ existing: withBodies, imported: readRepositoryPages(text), assets: new Map(), newId });
    expect(edited.pages.find((p) => p.title === 'Setup')).toMatchObject({ id: 'setup', created: false });
  });
});

test(".gitbook.yaml's redirects become former paths of the pages their files hold; one naming no page is dropped", () => {
  const paths = new Map([
    ['guide/setup.md', 'setup'],
    ['README.md', 'home'],
  ]);
  expect(redirectedPaths({ 'old/setup/': 'guide/setup.md', 'start.md': 'README.md', gone: 'missing.md', '/': 'README.md' }, paths)).toEqual([
    { path: 'old/setup', pageId: 'setup' },
    { path: 'start', pageId: 'home' },
  ]);
});

describe("a page's fields in its file", () => {
  test('When a page has a description, an icon or is hidden without its front matter saying so, Then its file says so, and reads back to them', () => {
    const fields = { description: 'How to install', icon: 'rocket', hidden: true };
    expect(withPageFields('Body.\n', fields)).toBe('---\ndescription: How to install\nicon: rocket\nhidden: true\n---\n\nBody.\n');
    expect(withPageFields('---\ndescription: Said\n---\n\nBody.\n', fields)).toBe('---\ndescription: Said\nicon: rocket\nhidden: true\n---\n\nBody.\n');
    expect(withPageFields('Body.\n', { hidden: false })).toBe('Body.\n');
    const hiddenSetup = pages.map((p) => (p.id === 'setup' ? { ...p, description: 'Install it: it: colons', hidden: true } : p));
    const { text } = exportSpace({ pages: hiddenSetup, documents, files });
    const setup = readRepositoryPages(text).find((p) => p.title === 'Guide')!.children.find((p) => p.title === 'Setup')!;
    expect(setup.markdown).toMatch(/^---\ndescription: "Install it: it: colons"\nhidden: true\n---\n/);
  });
});

describe('reusable contents as include files (docs/adr/0109)', () => {
  const reusable = (id: string, title: string) => ({ id, title, documentHash: `h-${id}`, createdAt: 't0', updatedAt: 't0' });
  const reusableContents = [reusable('r1', 'Support notice'), reusable('r2', 'Support notice')];
  const withIncludes = new Map([
    ...documents,
    ['h-setup', 'Before:\n\n{% include "/reusable-contents/r1" %}\n\n![Diagram](/files/f1)'],
    ['h-r1', 'Ask [the guide](/pages/guide).'],
    ['h-r2', 'Second of the same title.'],
  ]);

  test('When a space with reusable contents is exported, Then each is a file under .gitbook/includes/ with its title, and pages include it by relative path', () => {
    const { text } = exportSpace({ pages, documents: withIncludes, files, reusableContents });
    expect(text.get('.gitbook/includes/support-notice.md')).toBe('---\ntitle: Support notice\n---\n\nAsk [the guide](../../guide/README.md).\n');
    expect(text.get('.gitbook/includes/support-notice-2.md')).toBe('---\ntitle: Support notice\n---\n\nSecond of the same title.\n');
    expect(text.get('guide/setup.md')).toBe('# Setup\n\nBefore:\n\n{% include "../.gitbook/includes/support-notice.md" %}\n\n![Diagram](../.gitbook/assets/diagram.png)\n');
    // Include files are not pages.
    expect(readRepositoryPages(text).flatMap(function titles(p): string[] { return [p.title, ...p.children.flatMap(titles)]; })).not.toContain('Support notice');
  });

  test('When the export is imported back, Then the reusable contents keep their ids, titles and markdown, and the include names them again', () => {
    const { text, assets } = exportSpace({ pages, documents: withIncludes, files, reusableContents });
    const read = [...text].filter(([path]) => isIncludePath(path)).map(([path, source]) => ({ path, ...readIncludeFile(path, source) }));
    const includes = importedIncludes(reusableContents, read, DEFAULT_CONFIG, () => 'new');
    expect(includes.map((i) => [i.id, i.title])).toEqual([
      ['r1', 'Support notice'],
      ['r2', 'Support notice'],
    ]);
    const result = importSpace({ existing: pages.map((p) => ({ id: p.id, parent: p.parent, type: p.type, title: p.title, slug: p.slug })), imported: readRepositoryPages(text), assets: new Map(assets.map((a) => [a.path, a.file.id])), includes: new Map(includes.map((i) => [i.path, i])), newId: () => 'new' });
    expect(result.pages.find((p) => p.id === 'setup')?.markdown?.trim()).toBe(withIncludes.get('h-setup'));
    expect(result.includes.get('.gitbook/includes/support-notice.md')).toBe(withIncludes.get('h-r1'));
  });

  test('When a repository written by hand has an include without front matter, Then it is a new reusable content titled by its file name', () => {
    expect(readIncludeFile('.gitbook/includes/api-key.md', 'Keep your key secret.\n')).toEqual({ title: 'api-key', markdown: 'Keep your key secret.' });
    expect(importedIncludes(reusableContents, [{ path: '.gitbook/includes/api-key.md', title: 'api-key', markdown: 'x' }], DEFAULT_CONFIG, () => 'fresh')).toEqual([{ path: '.gitbook/includes/api-key.md', title: 'api-key', markdown: 'x', id: 'fresh' }]);
    expect(isIncludePath('docs/.gitbook/includes/a.md', parseGitbookConfig('root: ./docs/'))).toBe(true);
    expect(isIncludePath('.gitbook/includes/a.png')).toBe(false);
  });
});
