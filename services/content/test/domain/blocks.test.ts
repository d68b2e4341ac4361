import { expectOfficialSchema } from '@dp/testing';
import { revertBlocks, splitBlocks } from '../../src/domain/revision/blocks';
import { markdownFromDocument } from '../../src/domain/revision/document-to-markdown';
import { ContentError } from '../../src/domain/revision/types';
import { documentOfMarkdown } from '../../src/domain/revision/page-document';

const keysOf = (markdown: string) => splitBlocks(markdown).blocks.map((b) => b.key);
const keyOf = (markdown: string, text: string) => splitBlocks(markdown).blocks.find((b) => b.text === text)!.key;

describe('markdown blocks', () => {
  const doc = '\n# Title\n\nFirst line\nsecond line\n\n- one\n- two\n\n```ts\nconst a = 1;\n\nconst b = 2;\n```\n> quoted\n\nEnd.';

  test('When a body is split, Then each block keeps its exact text and joining gives the body back byte for byte', () => {
    const { lead, blocks } = splitBlocks(doc);
    expect(blocks.map((b) => b.text)).toEqual(['# Title', 'First line\nsecond line', '- one', '- two', '```ts\nconst a = 1;\n\nconst b = 2;\n```', '> quoted', 'End.']);
    expect(lead + blocks.map((b) => b.text + b.after).join('')).toBe(doc);
  });

  test('When the same text appears twice, Then the two blocks get different keys; an unchanged block keeps its key across edits elsewhere', () => {
    const keys = keysOf('Same\n\nSame\n\nOther');
    expect(new Set(keys).size).toBe(3);
    expect(keyOf('A\n\nKeep me', 'Keep me')).toBe(keyOf('Changed A\n\nNew block\n\nKeep me', 'Keep me'));
  });

  test('When a document is presented, Then its blocks carry the same keys, in order, list items grouped in a list', () => {
    type Node = { key?: string; type: string; nodes: Node[] };
    const nodes = documentOfMarkdown(`---\ntitle: T\n---\n${doc}`).nodes as Node[];
    expect(nodes.flatMap((n) => (n.key ? [n.key] : n.nodes.map((item) => item.key)))).toEqual(keysOf(doc));
    expect(nodes.map((n) => n.type)).toEqual(['heading-1', 'paragraph', 'list-unordered', 'code', 'blockquote', 'paragraph']);
    expect(nodes[2].nodes.map((item) => item.type)).toEqual(['list-item', 'list-item']);
  });

  test('When lists of every kind and code without a language are presented, Then the document is valid against the official schema', () => {
    const document = documentOfMarkdown('1. first\n2. second\n- [x] done\n- [ ] todo\n* plain\n\n```\nplain code\n```\n');
    expectOfficialSchema('JSONDocument', document);
    type Node = { type: string; data: Record<string, unknown>; nodes: Node[] };
    const nodes = document.nodes as Node[];
    expect(nodes.map((n) => [n.type, n.data])).toEqual([
      ['list-ordered', {}],
      ['list-tasks', {}],
      ['list-unordered', {}],
      ['code', {}],
    ]);
    expect(nodes[1].nodes.map((item) => item.data)).toEqual([{ checked: true }, { checked: false }]);
  });
});

describe('nested lists in format=document', () => {
  const markdown = '- one\n  - one.a\n  - one.b\n    1. deep\n- two\n\nAfter.';

  test('When list items are indented, Then each deeper run is a list inside the item above, every item keeping its key', () => {
    type Node = { key?: string; type: string; data: Record<string, unknown>; nodes: Node[] };
    const document = documentOfMarkdown(markdown);
    expectOfficialSchema('JSONDocument', document);
    const [list, after] = document.nodes as Node[];
    expect(list.type).toBe('list-unordered');
    expect(list.nodes.map((item) => item.key)).toEqual([keyOf(markdown, '- one'), keyOf(markdown, '- two')]);
    const inner = list.nodes[0].nodes[1];
    expect(inner.type).toBe('list-unordered');
    expect(inner.nodes.map((item) => item.key)).toEqual([keyOf(markdown, '  - one.a'), keyOf(markdown, '  - one.b')]);
    expect(inner.nodes[1].nodes[1]).toMatchObject({ type: 'list-ordered', data: {} });
    expect(after.type).toBe('paragraph');
  });

  test('When that document is sent back, Then it converts to the same markdown', () => {
    expect(markdownFromDocument(documentOfMarkdown(markdown))).toBe(markdown);
  });
});

describe('revertBlocks', () => {
  const base = '---\ntitle: Old\n---\n# Guide\n\nIntro.\n\nStep one.\n\nStep two.\n';

  test('When a modified block is named (by its new or its old key), Then it reads as before and other edits stay', () => {
    const current = '---\ntitle: New\n---\n# Guide\n\nIntro, edited.\n\nStep one.\n\nStep two, edited.\n';
    const expected = '---\ntitle: New\n---\n# Guide\n\nIntro.\n\nStep one.\n\nStep two, edited.\n';
    expect(revertBlocks(current, base, [keyOf(current.split('---\n')[2], 'Intro, edited.')])).toBe(expected);
    expect(revertBlocks(current, base, [keyOf(base.split('---\n')[2], 'Intro.')])).toBe(expected);
  });

  test('When an added block is named, Then it is removed; when a deleted block is named, Then it comes back where it was', () => {
    const added = '# Guide\n\nIntro.\n\nNew tip.\n\nStep one.\n\nStep two.\n';
    expect(revertBlocks(added, base, [keyOf(added, 'New tip.')])).toBe('# Guide\n\nIntro.\n\nStep one.\n\nStep two.\n');
    const deleted = '# Guide\n\nIntro.\n\nStep two.\n';
    expect(revertBlocks(deleted, base, [keyOf(base.split('---\n')[2], 'Step one.')])).toBe('# Guide\n\nIntro.\n\nStep one.\n\nStep two.\n');
  });

  test('When a block was replaced in place by a different one, Then it counts as deleted and added; a similar one counts as modified', () => {
    const body = base.split('---\n')[2];
    const replaced = '# Guide\n\nIntro.\n\nNew tip.\n\nStep two.\n';
    expect(revertBlocks(replaced, base, [keyOf(replaced, 'New tip.')])).toBe('# Guide\n\nIntro.\n\nStep two.\n');
    expect(revertBlocks(replaced, base, [keyOf(replaced, 'New tip.'), keyOf(body, 'Step one.')])).toBe('# Guide\n\nIntro.\n\nStep one.\n\nStep two.\n');
    const reworded = '# Guide\n\nIntro.\n\nStep one, reworded.\n\nStep two.\n';
    expect(revertBlocks(reworded, base, [keyOf(reworded, 'Step one, reworded.')])).toBe('# Guide\n\nIntro.\n\nStep one.\n\nStep two.\n');
  });

  test('When a moved block is named, Then it goes back to its old place', () => {
    const current = '# Guide\n\nStep two.\n\nIntro.\n\nStep one.\n';
    const reverted = revertBlocks(current, '# Guide\n\nIntro.\n\nStep one.\n\nStep two.\n', [keyOf(current, 'Step two.')]);
    expect(reverted).toBe('# Guide\n\nIntro.\n\nStep one.\n\nStep two.\n');
  });

  test('When a key is in neither document, Then it is a ContentError naming it', () => {
    expect(() => revertBlocks('A', 'B', ['bnope'])).toThrow(ContentError);
    expect(() => revertBlocks('A', 'B', ['bnope'])).toThrow(/bnope/);
  });
});
