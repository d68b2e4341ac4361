import fc from 'fast-check';
import { GitSyncFormatError, REPOSITORY_LIMITS } from '../../src/domain/git-sync/format-error';
import { DEFAULT_CONFIG, parseGitbookConfig, writeGitbookConfig } from '../../src/domain/git-sync/gitbook-config';
import { readRepositoryPages, repositoryTextFiles, type ImportedPage, type LayoutPage } from '../../src/domain/git-sync/layout';
import { normalizePath } from '../../src/domain/git-sync/repository-paths';
import { parseSummary, writeSummary } from '../../src/domain/git-sync/summary';

/* GitBook's repository format (issue 27, docs/adr/0106): .gitbook.yaml, SUMMARY.md and a file per page, both ways. */

describe('.gitbook.yaml', () => {
  test('When a repository has none, Then GitBook defaults hold; when it names a root and a structure, Then paths resolve under the root', () => {
    expect(parseGitbookConfig(undefined)).toEqual(DEFAULT_CONFIG);
    const config = parseGitbookConfig('root: ./docs/\nstructure:\n  readme: ./product/README.md\n  summary: product/SUMMARY.md\nredirects:\n  previous/page: new-folder/page.md\n  /old: ./product/README.md\n');
    expect(config).toEqual({ root: 'docs', readme: 'docs/product/README.md', summary: 'docs/product/SUMMARY.md', redirects: { 'previous/page': 'docs/new-folder/page.md', old: 'docs/product/README.md' } });
    expect(parseGitbookConfig(writeGitbookConfig(config))).toEqual(config);
  });

  test.each([
    ['a root above the repository', 'root: ../../etc'],
    ['a readme outside the root', 'root: docs\nstructure:\n  readme: ../../../secret.md'],
    ['a list instead of a mapping', '- root'],
    ['redirects as a list', 'redirects:\n  - a'],
    ['a path that is not a string', 'structure:\n  summary: 12'],
    ['not YAML', 'root: [unclosed'],
    ['an alias bomb', `a: &a [x, x, x, x, x, x, x, x, x, x]\n${Array.from({ length: 12 }, (_, i) => `b${i}: [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]`).join('\n')}`],
  ])('When it holds %s, Then it is refused with a reason', (_what, text) => {
    expect(() => parseGitbookConfig(text)).toThrow(GitSyncFormatError);
  });

  test('When it holds more redirects than allowed, Then it is refused', () => {
    const text = `redirects:\n${Array.from({ length: REPOSITORY_LIMITS.redirects + 1 }, (_, i) => `  p${i}: a.md`).join('\n')}`;
    expect(() => parseGitbookConfig(text)).toThrow(/more than 5000 redirects/);
  });
});

describe('SUMMARY.md', () => {
  const gitbookExample = [
    '# Summary',
    '',
    '## Use headings to create page groups like this one',
    '',
    '* [First page’s title](page1/README.md)',
    '    * [Some child page](page1/page1-1.md)',
    '    * [Some other child page](part1/page1-2.md)',
    '',
    '* [Second page’s title](page2/README.md)',
    '    * [Some child page](page2/page2-1.md)',
    '',
    '## A second-page group',
    '',
    '- [Yet another page](<another page.md>)',
    '+ [Escaped \\[brackets\\]](caf%C3%A9.md#anchor "A title")',
  ].join('\n');

  test("When GitBook's documented example is read, Then headings are groups, indented items nest, links resolve", () => {
    expect(parseSummary(gitbookExample)).toEqual([
      {
        kind: 'group',
        title: 'Use headings to create page groups like this one',
        children: [
          { kind: 'page', title: 'First page’s title', path: 'page1/README.md', children: [{ kind: 'page', title: 'Some child page', path: 'page1/page1-1.md', children: [] }, { kind: 'page', title: 'Some other child page', path: 'part1/page1-2.md', children: [] }] },
          { kind: 'page', title: 'Second page’s title', path: 'page2/README.md', children: [{ kind: 'page', title: 'Some child page', path: 'page2/page2-1.md', children: [] }] },
        ],
      },
      { kind: 'group', title: 'A second-page group', children: [{ kind: 'page', title: 'Yet another page', path: 'another page.md', children: [] }, { kind: 'page', title: 'Escaped [brackets]', path: 'café.md', children: [] }] },
    ]);
  });

  test('When SUMMARY.md sits in a folder, Then its links are read from there', () => {
    expect(parseSummary('* [A](a.md)\n* [B](../b.md)', 'docs/SUMMARY.md')).toEqual([
      { kind: 'page', title: 'A', path: 'docs/a.md', children: [] },
      { kind: 'page', title: 'B', path: 'b.md', children: [] },
    ]);
  });

  test.each([
    ['a link out of the repository', '* [Up](../../../etc/passwd)'],
    ['a list item that is not a link', '* Just words'],
    ['pages nested past the limit', Array.from({ length: REPOSITORY_LIMITS.depth + 1 }, (_, i) => `${'  '.repeat(i)}* [P${i}](p${i}.md)`).join('\n')],
    ['more entries than allowed', Array.from({ length: REPOSITORY_LIMITS.entries + 1 }, (_, i) => `* [P${i}](p${i}.md)`).join('\n')],
  ])('When it holds %s, Then it is refused with a reason', (_what, text) => {
    expect(() => parseSummary(text)).toThrow(GitSyncFormatError);
  });

  test('When a table is written, Then reading it gives it back', () => {
    const entries = parseSummary(gitbookExample);
    expect(parseSummary(writeSummary(entries))).toEqual(entries);
  });
});

describe('a space as files', () => {
  const pages: LayoutPage[] = [
    { id: 'home', parent: null, type: 'document', title: 'Welcome', slug: 'welcome', markdown: 'Start here.' },
    { id: 'guide', parent: null, type: 'document', title: 'Guide', slug: 'guide', markdown: '---\ndescription: How to\n---\nRead on.\n' },
    { id: 'setup', parent: 'guide', type: 'document', title: 'Setup', slug: 'setup', markdown: 'Install it.' },
    { id: 'api', parent: null, type: 'group', title: 'API', slug: 'api' },
    { id: 'auth', parent: 'api', type: 'document', title: 'Auth [beta]', slug: 'auth', markdown: '' },
  ];

  test('When a space is exported, Then each page is a file where GitBook puts it, and SUMMARY.md lists them', () => {
    expect(Object.fromEntries(repositoryTextFiles(pages))).toEqual({
      'README.md': '# Welcome\n\nStart here.\n',
      'guide/README.md': '---\ndescription: How to\n---\n\n# Guide\n\nRead on.\n',
      'guide/setup.md': '# Setup\n\nInstall it.\n',
      'api/auth.md': '# Auth [beta]\n',
      'SUMMARY.md': '# Table of contents\n\n* [Welcome](README.md)\n* [Guide](guide/README.md)\n  * [Setup](guide/setup.md)\n\n## API\n\n* [Auth \\[beta\\]](api/auth.md)\n',
    });
  });

  test('When the export is read back, Then the pages are the same: kinds, titles, slugs (the readme s from its title), nesting and markdown', () => {
    const read = readRepositoryPages(repositoryTextFiles(pages));
    const shape = (p: ImportedPage): unknown => [p.kind, p.title, p.slug, p.markdown, p.children.map(shape)];
    expect(read.map(shape)).toEqual([
      ['document', 'Welcome', 'welcome', 'Start here.\n', []],
      ['document', 'Guide', 'guide', '---\ndescription: How to\n---\nRead on.\n', [['document', 'Setup', 'setup', 'Install it.\n', []]]],
      ['group', 'API', 'api', undefined, [['document', 'Auth [beta]', 'auth', '', []]]],
    ]);
  });

  test('When a repository has no SUMMARY.md, Then its files make the table: the readme, then each folder s README with its files under it', () => {
    const files = new Map([
      ['README.md', '# Home\n'],
      ['zeta.md', '# Zeta\n'],
      ['guide/README.md', '# Guide\n'],
      ['guide/setup.md', '# Setup\n'],
      ['.gitbook/includes/snippet.md', 'not a page'],
      ['notes.txt', 'not markdown'],
    ]);
    const titles = (list: ImportedPage[]): unknown => list.map((p) => [p.title, p.path, titles(p.children)]);
    expect(titles(readRepositoryPages(files))).toEqual([
      ['Home', 'README.md', []],
      ['Guide', 'guide/README.md', [['Setup', 'guide/setup.md', []]]],
      ['Zeta', 'zeta.md', []],
    ]);
  });

  test('When SUMMARY.md lists a file twice, Then the import is refused', () => {
    expect(() => readRepositoryPages(new Map([['SUMMARY.md', '* [A](a.md)\n* [Again](a.md)']]))).toThrow(/lists a.md twice/);
  });

  test('When the content sits in a folder (root), Then the export writes it there and reads it back', () => {
    const config = parseGitbookConfig('root: ./docs/');
    const files = repositoryTextFiles(pages, config);
    expect([...files.keys()].sort()).toEqual(['docs/README.md', 'docs/SUMMARY.md', 'docs/api/auth.md', 'docs/guide/README.md', 'docs/guide/setup.md']);
    expect(readRepositoryPages(files, config).map((p) => p.title)).toEqual(['Welcome', 'Guide', 'API']);
  });

  test('Any tree of pages and top-level groups reads back as it was written', () => {
    const title = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9 [\]()*_#`-]{0,20}[A-Za-z0-9]$/);
    const body = fc.array(fc.stringMatching(/^[A-Za-z0-9 *_.,]{1,30}$/), { maxLength: 3 }).map((lines) => lines.join('\n\n'));
    type Tree = { title: string; markdown: string; children: Tree[] };
    const treeAt = (depth: number): fc.Arbitrary<Tree> => fc.record({ title, markdown: body, children: depth === 0 ? fc.constant([]) : fc.array(treeAt(depth - 1), { maxLength: 2 }) });
    const tree = treeAt(3);
    const space = fc.record({ pages: fc.array(tree, { minLength: 1, maxLength: 4 }), groups: fc.array(fc.record({ title, pages: fc.array(tree, { minLength: 1, maxLength: 3 }) }), { maxLength: 2 }) });
    fc.assert(
      fc.property(space, ({ pages: top, groups }) => {
        let n = 0;
        const layout: LayoutPage[] = [];
        const add = (list: Tree[], parent: string | null) =>
          list.forEach((node) => {
            const id = `p${n++}`;
            layout.push({ id, parent, type: 'document', title: node.title, slug: `s${id}`, markdown: node.markdown });
            add(node.children, id);
          });
        add(top, null);
        for (const group of groups) {
          const id = `g${n++}`;
          layout.push({ id, parent: null, type: 'group', title: group.title, slug: `s${id}` });
          add(group.pages, id);
        }
        const shape = (p: ImportedPage): unknown => [p.kind, p.title, p.kind === 'group' ? undefined : (p.markdown ?? '').trim(), p.children.map(shape)];
        const expected = (parent: string | null): unknown[] => layout.filter((p) => p.parent === parent).map((p) => [p.type, p.title, p.type === 'group' ? undefined : (p.markdown ?? '').trim(), expected(p.id)]);
        const read = readRepositoryPages(repositoryTextFiles(layout));
        expect(read.map(shape)).toEqual(expected(null));
        // Slugs come back from the paths (a group's from its pages' folder), the readme's from its title.
        const slugs = (list: ImportedPage[]): string[] => list.flatMap((p) => [p.slug, ...slugs(p.children)]);
        expect(slugs(read).slice(1)).toEqual(layout.slice(1).map((p) => p.slug));
      }),
      { numRuns: 150 },
    );
  });
});

test('normalizePath keeps a path inside the synced directory', () => {
  expect(normalizePath('./a/./b/../c.md')).toBe('a/c.md');
  expect(() => normalizePath('a/../../b')).toThrow(GitSyncFormatError);
  expect(() => normalizePath('x'.repeat(REPOSITORY_LIMITS.pathLength + 1))).toThrow(/longer than/);
});
