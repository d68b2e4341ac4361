import { decodeSearchCursor, encodeSearchCursor, groupBySpace } from '../../src/domain/search/cursor';
import { searchTerms } from '../../src/domain/search/query';
import { excerpt } from '../../src/domain/search/excerpt';
import { ancestorTitles, pageRows, pageSearchText, placements, plainText, reindexPlan, searchSections } from '../../src/domain/search/sections';
import type { PageNode } from '../../src/domain/revision/types';

const page = (id: string, parent: string | null, title: string, extra: Partial<PageNode> = {}): PageNode => ({
  id,
  parent,
  type: 'document',
  title,
  slug: title.toLowerCase().replace(/\s+/g, '-'),
  hidden: false,
  noIndex: false,
  noRobotsIndex: false,
  documentHash: `h-${id}`,
  createdAt: '2026-11-22T00:00:00Z',
  updatedAt: '2026-11-22T00:00:00Z',
  ...extra,
});

describe('search text', () => {
  test.each([
    ['instal', { text: 'instal', prefix: { rest: '', word: 'instal' } }],
    ['  deploy   the  app', { text: 'deploy the app', prefix: { rest: 'deploy the', word: 'app' } }],
    ['install ', { text: 'install' }],
    ['"getting started"', { text: '"getting started"' }],
    ['"getting start', { text: '"getting start' }],
    ['docker or kube', { text: 'docker or kube' }],
    ['docs -draft', { text: 'docs -draft' }],
    ['docker or', { text: 'docker or' }],
    ['node.js', { text: 'node.js' }],
    ['über straße', { text: 'über straße', prefix: { rest: 'über', word: 'straße' } }],
    ['a "b c" d', { text: 'a "b c" d', prefix: { rest: 'a "b c"', word: 'd' } }],
  ])('When the text is %p, Then the terms are %p', (raw, expected) => {
    expect(searchTerms(raw)).toEqual(expected);
  });

  test('When the last word has tsquery syntax around it, Then the prefix word holds letters and digits only', () => {
    expect(searchTerms("x & y:*")).toEqual({ text: 'x & y:*' });
    expect(searchTerms("a|b')")).toEqual({ text: "a|b')" });
  });
});

describe('page cursor', () => {
  test('When a cursor is encoded, Then it decodes to the same key, floats exactly', () => {
    const cursor = { score: 1.0123456789012346, spaceId: 'sp1', pageId: 'pg_2', offset: 40 };
    expect(decodeSearchCursor(encodeSearchCursor(cursor))).toEqual(cursor);
  });

  test.each(['', 'garbage', Buffer.from('{"s":"1","a":"x","p":"y","n":0}').toString('base64url'), Buffer.from('{"s":1,"a":"x","p":"y","n":-1}').toString('base64url'), Buffer.from('{"s":1,"a":"","p":"y","n":0}').toString('base64url')])(
    'When the token is %p, Then it is refused',
    (token) => {
      expect(decodeSearchCursor(token)).toBeUndefined();
    },
  );

  test('When results of several spaces interleave, Then groups keep the order of each space’s best result', () => {
    const results = [{ spaceId: 'b', n: 1 }, { spaceId: 'a', n: 2 }, { spaceId: 'b', n: 3 }];
    expect(groupBySpace(results)).toEqual([
      { spaceId: 'b', results: [results[0], results[2]] },
      { spaceId: 'a', results: [results[1]] },
    ]);
  });
});

describe('sections of a page', () => {
  test('When markdown has markup, Then the plain text keeps only what a reader sees', () => {
    const md = [
      '{% hint style="info" %}',
      'A **bold** and _italic_ [link](/pages/abc) with ![alt text](img.png) and `code`.',
      '{% endhint %}',
      '',
      '- item one',
      '1. step',
      '> quoted',
      '#### Small heading',
      '| a | b |',
      '|---|---|',
      '| 1 | 2 |',
      '```js',
      'const x = 1;',
      '```',
      '<!-- hidden -->',
      '<b>html</b> snake_case_word',
    ].join('\n');
    expect(plainText(md)).toBe('A bold and italic link with alt text and code. item one step quoted Small heading a b 1 2 const x = 1; html snake_case_word');
  });

  test('When a page has headings, Then each is a section with its anchor, position and text', () => {
    const md = 'Intro text.\n\n## Install\n\nRun `npm i`.\n\n### On Linux\n\nUse apt.\n\n```\n# not a heading\n```';
    expect(searchSections(md, 'Guide')).toEqual([
      { position: 0, id: '', title: 'Guide', body: 'Intro text.' },
      { position: 1, id: 'install', title: 'Install', body: 'Run npm i.' },
      { position: 2, id: 'on-linux', title: 'On Linux', body: 'Use apt. not a heading' },
    ]);
  });

  test('When the page starts with its own title as a heading, Then that is the introduction, not a section', () => {
    expect(searchSections('# Guide\n\nWelcome.\n\n## Next\n\nMore.', 'Guide').map((s) => [s.position, s.id, s.title])).toEqual([
      [0, '', 'Guide'],
      [1, 'next', 'Next'],
    ]);
  });

  test('When a page has no text, Then it still has one section so its title can be found', () => {
    expect(searchSections('', 'Empty')).toEqual([{ position: 0, id: '', title: 'Empty', body: '' }]);
  });

  test('When a section is huge, Then its indexed text is cut', () => {
    expect(searchSections('word '.repeat(50_000), 'Big')[0].body.length).toBe(100_000);
  });
});

describe('re-indexing plan', () => {
  const pages = [
    page('g', null, 'Group', { type: 'group', documentHash: null }),
    page('a', 'g', 'Alpha'),
    page('b', 'a', 'Beta'),
    page('c', 'b', 'Gamma'),
    page('d', null, 'Delta'),
  ];

  test('When a page changed, Then it is indexed again and the pages below it only move', () => {
    expect(reindexPlan(pages, ['a', 'gone'])).toEqual({ remove: ['a', 'gone'], index: [pages[1]], descendants: [pages[2], pages[3]] });
  });

  test('When a group changed, Then it has no rows but its descendants move', () => {
    const plan = reindexPlan(pages, ['g']);
    expect(plan.index).toEqual([]);
    expect(plan.descendants.map((p) => p.id).sort()).toEqual(['a', 'b', 'c']);
  });

  test('When a page and its child both changed, Then the child is indexed, not moved', () => {
    const plan = reindexPlan(pages, ['a', 'b']);
    expect(plan.index.map((p) => p.id)).toEqual(['a', 'b']);
    expect(plan.descendants.map((p) => p.id)).toEqual(['c']);
  });

  test('When rows are built, Then they carry the full path, ancestors and description, the text readers see and what the page includes', () => {
    const withDescription = pages.map((p) => (p.id === 'b' ? { ...p, description: 'About beta' } : p));
    const written = 'Beta text\n\n{% include "/reusable-contents/r1" %}';
    const [row] = pageRows(withDescription, [withDescription[2]], new Map([['h-b', 'Beta text\n\nShared words']]), new Map([['h-b', written]]));
    expect(row).toEqual({
      pageId: 'b',
      title: 'Beta',
      path: 'group/alpha/beta',
      description: 'About beta',
      ancestors: ['Group', 'Alpha'],
      sections: [{ position: 0, id: '', title: 'Beta', body: 'Beta text Shared words' }],
      includes: ['r1'],
    });
    expect(placements(pages, [pages[3]])).toEqual([{ pageId: 'c', path: 'group/alpha/beta/gamma', ancestors: ['Group', 'Alpha', 'Beta'] }]);
    expect(ancestorTitles(pages).get('d')).toEqual([]);
  });
});

describe('page text and excerpts', () => {
  test('When a page is indexed, Then headings and description rank apart from the body, the introduction has no heading', () => {
    const row = { pageId: 'p', title: 'Guide', path: 'guide', description: 'How to', ancestors: [], includes: [], sections: searchSections('Intro.\n\n## Install\n\nRun it.\n\n## Empty', 'Guide') };
    expect(pageSearchText(row)).toEqual({ headings: 'How to Install Empty', body: 'Intro. Run it.' });
  });

  const text = Array.from({ length: 100 }, (_, i) => `w${i}`).join(' ');

  test('When the text is short, Then the excerpt is all of it', () => {
    expect(excerpt('a  b\nc', ['x'])).toBe('a b c');
  });

  test('When a word matches a stem, Then the excerpt is a window around it, marked where cut', () => {
    expect(excerpt(text.replace('w50', 'Installing'), ['instal'], 10)).toBe('… w48 w49 Installing w51 w52 w53 w54 w55 w56 w57 …');
    expect(excerpt(text.replace('w98', '(install)'), ['instal'], 10)).toBe('… w90 w91 w92 w93 w94 w95 w96 w97 (install) w99');
  });

  test('When nothing matches, Then the excerpt is the beginning', () => {
    expect(excerpt(text, ['zzz'], 5)).toBe('w0 w1 w2 w3 w4 …');
    expect(excerpt(text, [], 5)).toBe('w0 w1 w2 w3 w4 …');
  });
});
