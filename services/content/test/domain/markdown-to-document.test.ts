import fs from 'node:fs';
import path from 'node:path';
import { expectOfficialSchema } from '@dp/testing';
import { blockKeysByLine, splitBlocks } from '../../src/domain/revision/blocks';
import { markdownFromDocument } from '../../src/domain/revision/document-to-markdown';
import { MAX_TAG_DEPTH, splitTags } from '@dp/markdown-html';
import { keptBlockTag } from '../../src/domain/revision/kept-block';
import { parseFrontmatter } from '../../src/domain/revision/markdown';
import { documentFromGitbookMarkdown } from '../../src/domain/revision/markdown-to-document';
import { isOfficialBlock } from '../../src/domain/revision/official-document';

type Node = Record<string, any>;
const parse = (markdown: string) => documentFromGitbookMarkdown(markdown, isOfficialBlock) as Node;
const types = (nodes: Node[]) => nodes.map((n) => n.type);
const textOf = (node: Node): string => (node.object === 'text' ? node.leaves.map((l: Node) => l.text).join('') : [...(node.nodes ?? []), ...(node.fragments ?? [])].map(textOf).join(''));
/** A document without its blocks' keys, which markdown does not carry. */
const withoutKeys = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(withoutKeys);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).filter(([k]) => k !== 'key').map(([k, v]) => [k, withoutKeys(v)]));
};

const GOLDEN = path.join(__dirname, 'fixtures/gitbook-pages');
const goldenPages = fs.readdirSync(GOLDEN).filter((name) => name.endsWith('.md'));

describe('GitBook markdown to a JSON document', () => {
  test.each(goldenPages)('When the GitBook-format page %s is read, Then it is an official document, and written back it is the page again', (name) => {
    const markdown = fs.readFileSync(path.join(GOLDEN, name), 'utf8');
    const document = parse(markdown);
    expectOfficialSchema('JSONDocument', document);
    expect(markdownFromDocument(document)).toBe(parseFrontmatter(markdown).body.trim());
    // JSON -> markdown -> JSON is the identity on what markdown carries.
    expect(withoutKeys(parse(markdownFromDocument(document)))).toEqual(withoutKeys(document));
  });

  test('When a page uses each GitBook block tag, Then each is its official block with the attributes it names', () => {
    const document = parse(fs.readFileSync(path.join(GOLDEN, 'every-block.md'), 'utf8'));
    const byType = new Map<string, Node>(document.nodes.map((n: Node) => [n.type, n]));
    expect(byType.get('hint')).toMatchObject({ data: { style: 'warning' } });
    expect(byType.get('tabs')!.nodes.map((tab: Node) => [tab.type, tab.data.title])).toEqual([
      ['tabs-item', 'JavaScript'],
      ['tabs-item', 'Python'],
    ]);
    expect(types(byType.get('stepper')!.nodes)).toEqual(['stepper-step', 'stepper-step']);
    expect(types(byType.get('columns')!.nodes)).toEqual(['column', 'column']);
    const expandable = byType.get('expandable')!;
    expect(expandable.fragments.map((f: Node) => f.fragment)).toEqual(['expandable-title', 'expandable-body']);
    expect(textOf(expandable.fragments[0])).toBe('Why does this happen?');
    expect(byType.get('code')).toMatchObject({ data: { syntax: 'bash', title: 'install.sh', lineNumbers: true } });
    expect(byType.get('content-ref')).toMatchObject({ data: { ref: { kind: 'page', page: 'quickstart' } } });
    expect(byType.get('embed')).toMatchObject({ data: { url: 'https://www.youtube.com/watch?v=abc' } });
    expect(byType.get('math')).toMatchObject({ data: { formula: 'E = mc^2' } });
    expect(byType.get('openapi-operation')).toMatchObject({ data: { ref: { kind: 'openapi', spec: 'petstore' }, path: '/pets', method: 'get' } });
    expect(byType.get('list-tasks')!.nodes.map((item: Node) => item.data.checked)).toEqual([true, false]);
    expect(byType.get('table')!.data.view).toEqual({ type: 'grid', columns: ['c0', 'c1'], hideHeader: false });
  });

  test("When GitBook's cards are read, Then they are an official cards table: visible fields, hidden target and cover, cells' HTML marks and links", () => {
    const cards =
      '<table data-view="cards"><thead><tr><th></th><th></th><th data-hidden data-card-target data-type="content-ref"></th><th data-hidden data-card-cover data-type="files"></th></tr></thead><tbody>' +
      '<tr><td><mark style="color:blue;"><strong>Credo</strong></mark></td><td>An SDK for <a href="https://x.test/arf">ARF</a> &amp; <em>more</em>.</td><td><a href="/pages/credo">credo</a></td><td><a href="../../.gitbook/assets/Credo.png">Credo.png</a></td></tr>' +
      '<tr><td><strong>ACA-Py</strong></td><td></td><td><a href="https://aca.test/">https://aca.test/</a></td><td></td></tr></tbody></table>';
    const document = parse(`Intro\n\n${cards}\n\nAfter`);
    expectOfficialSchema('JSONDocument', document);
    expect(types(document.nodes)).toEqual(['paragraph', 'table', 'paragraph']);
    const table = document.nodes[1];
    expect(table.data.view).toEqual({ type: 'cards', columns: ['c0', 'c1'], targetDefinition: 'c2', coverDefinition: 'c3', cardSize: 'medium' });
    expect(table.data.definition).toEqual({
      c0: { id: 'c0', title: '', type: 'text', textAlignment: 'left' },
      c1: { id: 'c1', title: '', type: 'text', textAlignment: 'left' },
      c2: { id: 'c2', title: '', type: 'content-ref' },
      // A relative asset path is no file of the space (until Git Sync maps it): an image column, which holds URLs.
      c3: { id: 'c3', title: '', type: 'image' },
    });
    expect(table.data.records.r0.values).toEqual({ c0: 'r0-c0', c1: 'r0-c1', c2: { kind: 'page', page: 'credo' }, c3: { ref: { kind: 'url', url: '../../.gitbook/assets/Credo.png' } } });
    expect(table.data.records.r1.values).toEqual({ c0: 'r1-c0', c2: { ref: { kind: 'url', url: 'https://aca.test/' } } });
    const cell = (id: string) => table.fragments.find((f: Node) => f.fragment === id).nodes[0];
    expect(cell('r0-c0').nodes[0].leaves).toEqual([{ object: 'leaf', text: 'Credo', marks: [{ object: 'mark', type: 'color', data: { text: 'blue', background: 'default' } }, { object: 'mark', type: 'bold' }] }]);
    expect(textOf(cell('r0-c1'))).toBe('An SDK for ARF & more.');
    expect(cell('r0-c1').nodes.find((n: Node) => n.type === 'link').data.ref).toEqual({ kind: 'url', url: 'https://x.test/arf' });
    // Written back (our cells are inline markdown) and read again: the same document, marks in any order.
    const marksSorted = (value: unknown) => JSON.parse(JSON.stringify(withoutKeys(value)), (key, v) => (key === 'marks' ? [...v].sort((a: Node, b: Node) => a.type.localeCompare(b.type)) : v));
    expect(marksSorted(parse(markdownFromDocument(document)))).toEqual(marksSorted(document));
  });

  test("When GitBook's images block of several captioned figures is read, Then it is one images block, each image with its alt, width and caption", () => {
    const figures =
      '<div><figure><img src="/files/f1" alt="First &amp; best" width="375"><figcaption><p>Giveaway <strong>deleted</strong></p></figcaption></figure> ' +
      '<figure><img src="https://x.test/b.png" alt=""><figcaption></figcaption></figure></div>';
    const document = parse(`${figures}\n\nAfter`);
    expectOfficialSchema('JSONDocument', document);
    expect(types(document.nodes)).toEqual(['images', 'paragraph']);
    const [first, second] = document.nodes[0].nodes;
    expect(first.data).toEqual({ ref: { kind: 'file', file: 'f1' }, alt: 'First & best', width: 375 });
    expect(textOf(first.fragments[0])).toBe('Giveaway deleted');
    expect(second).toMatchObject({ data: { ref: { kind: 'url', url: 'https://x.test/b.png' } }, fragments: [] });
    expect(withoutKeys(parse(markdownFromDocument(document)))).toEqual(withoutKeys(document));
    // A div of figures and anything else is no images block.
    expect(types(parse('<div><figure><img src="/files/f1"></figure><p>more</p></div>').nodes)).toEqual(['paragraph']);
  });

  test('When a text cell holds text that looks like HTML, Then it is written so that it reads back as the same text', () => {
    const cards = '<table data-view="cards"><thead><tr><th>Name</th></tr></thead><tbody><tr><td>a &lt;b&gt; &amp;amp; d &lt; e</td></tr></tbody></table>';
    const document = parse(cards);
    expect(textOf(document.nodes[0])).toBe('a <b> &amp; d < e');
    const again = parse(markdownFromDocument(document));
    expect(withoutKeys(again)).toEqual(withoutKeys(document));
  });

  test('When text carries marks, links and inline forms, Then they are marks and inlines, not markup', () => {
    const [paragraph] = parse('A **bold** *it* ~~gone~~ `code` <kbd>K</kbd> <mark style="color:red;">red</mark> [page](/pages/p1) [site](https://example.com) $$x^2$$ <i class="fa-rocket">:rocket:</i>').nodes;
    expectOfficialSchema('JSONDocument', { object: 'document', data: {}, nodes: [paragraph] });
    const leaves = paragraph.nodes.filter((n: Node) => n.object === 'text').flatMap((n: Node) => n.leaves);
    const marked = (text: string) => leaves.find((l: Node) => l.text === text)?.marks;
    expect(marked('bold')).toEqual([{ object: 'mark', type: 'bold' }]);
    expect(marked('it')).toEqual([{ object: 'mark', type: 'italic' }]);
    expect(marked('gone')).toEqual([{ object: 'mark', type: 'strikethrough' }]);
    expect(marked('code')).toEqual([{ object: 'mark', type: 'code' }]);
    expect(marked('K')).toEqual([{ object: 'mark', type: 'keyboard' }]);
    expect(marked('red')).toEqual([{ object: 'mark', type: 'color', data: { text: 'red', background: 'default' } }]);
    const inlines = paragraph.nodes.filter((n: Node) => n.object === 'inline');
    expect(inlines.map((n: Node) => [n.type, n.data.ref ?? n.data.formula ?? n.data.icon])).toEqual([
      ['link', { kind: 'page', page: 'p1' }],
      ['link', { kind: 'url', url: 'https://example.com' }],
      ['inline-math', 'x^2'],
      ['icon', 'rocket'],
    ]);
  });

  test('When a tag line is inside fenced code, Then it is code, not a tag', () => {
    const [code] = parse('```liquid\n{% hint style="info" %}\nnot a hint\n{% endhint %}\n```').nodes;
    expect(code.type).toBe('code');
    expect(code.nodes.map(textOf)).toEqual(['{% hint style="info" %}', 'not a hint', '{% endhint %}']);
  });

  test('When a tag is unknown or an end tag has no opening, Then the lines stay text', () => {
    const document = parse('{% include "x.md" %}\n\n{% endhint %}');
    expect(types(document.nodes)).toEqual(['paragraph', 'paragraph']);
    expect(document.nodes.map(textOf)).toEqual(['{% include "x.md" %}', '{% endhint %}']);
  });

  test('When a {% json %} form holds an official block, Then it is that block; one that is not stays text', () => {
    const block = { object: 'block', type: 'tabs', isVoid: false, data: { fullWidth: true }, nodes: [{ object: 'block', type: 'tabs-item', isVoid: false, data: { title: 'A' }, nodes: [] }] };
    expect(parse(`${keptBlockTag(block)}\nA\n{% endjson %}`).nodes).toEqual([block]);
    const forged = keptBlockTag({ object: 'block', type: 'script', data: {} });
    expect(types(parse(`${forged}\nA\n{% endjson %}`).nodes)).toEqual(['paragraph']);
  });

  test('When tags nest past the limit, Then the reader ends, the deep lines staying text', () => {
    const depth = 5_000;
    const markdown = `${'{% hint style="info" %}\n'.repeat(depth)}deep\n${'{% endhint %}\n'.repeat(depth)}`;
    const segments = splitTags(markdown);
    let levels = 0;
    for (let s: any = segments[0]; s?.kind === 'tag'; s = s.body?.[0]) levels++;
    expect(levels).toBe(MAX_TAG_DEPTH);
    expect(() => parse(markdown)).not.toThrow();
  });
});

describe('block keys of format=document (docs/adr/0075)', () => {
  const keyed = (markdown: string) => documentFromGitbookMarkdown(markdown, isOfficialBlock, blockKeysByLine) as Node;
  const keyOfLine = (markdown: string, line: string) => splitBlocks(parseFrontmatter(markdown).body).blocks.find((b) => b.text.startsWith(line))!.key;

  test('When a page is read with keys, Then each top-level block and each list item carries the key revert_page knows for the block on its line, and no key twice', () => {
    const markdown = '---\ndescription: d\n---\n# Title\n\n{% hint style="info" %}\nNote\n{% endhint %}\n\n- one\n  - one.a\n- [ ] task\n\n> quoted\n\n$$\nx\n$$\n\nEnd';
    const { nodes } = keyed(markdown);
    expect(types(nodes)).toEqual(['heading-1', 'hint', 'list-unordered', 'list-tasks', 'blockquote', 'math', 'paragraph']);
    const [heading, hint, list, tasks, quote, math, end] = nodes;
    expect([heading.key, hint.key, quote.key, math.key, end.key]).toEqual(['# Title', '{% hint', '> quoted', '$$', 'End'].map((line) => keyOfLine(markdown, line)));
    expect(list.key).toBeUndefined();
    expect(list.nodes.map((item: Node) => item.key)).toEqual([keyOfLine(markdown, '- one')]);
    expect(list.nodes[0].nodes[1].nodes[0].key).toBe(keyOfLine(markdown, '  - one.a'));
    expect(tasks.nodes[0].key).toBe(keyOfLine(markdown, '- [ ] task'));
    // The hint's inner paragraph has no key of its own: revert_page names top-level markdown blocks.
    expect(hint.nodes[0].key).toBeUndefined();
    const keys = JSON.stringify(nodes).match(/"key":"[^"]+"/g)!;
    expect(new Set(keys).size).toBe(keys.length);
    expectOfficialSchema('JSONDocument', keyed(markdown));
  });
});

describe('images with captions (GitBook’s <figure>)', () => {
  const image = (alt: string | undefined, caption: DocNode[] | undefined) => ({
    object: 'block',
    type: 'images',
    isVoid: false,
    data: {},
    nodes: [
      {
        object: 'block',
        type: 'image',
        isVoid: true,
        data: { ref: { kind: 'url', url: 'https://example.com/a.png?w=1&h=2' }, ...(alt === undefined ? {} : { alt }) },
        fragments: caption ? [{ object: 'fragment', fragment: 'caption', nodes: [{ object: 'block', type: 'paragraph', isVoid: false, data: {}, nodes: caption }] }] : [],
      },
    ],
  });
  type DocNode = Record<string, unknown>;

  test('When one image has an alt text and a caption with marks and markup characters, Then it is written as a <figure> and read back exactly', () => {
    const bold = [{ object: 'mark', type: 'bold' }];
    const caption = [{ object: 'text', leaves: [{ object: 'leaf', text: 'The ', marks: [] }, { object: 'leaf', text: 'flow', marks: bold }, { object: 'leaf', text: ' of </p> data', marks: [] }] }];
    const expected = { object: 'document', data: {}, nodes: [image("Tom's <diagram> & more", caption)] };
    const markdown = markdownFromDocument(expected);
    expect(markdown).toBe('<figure><img src="https://example.com/a.png?w=1&amp;h=2" alt="Tom&#39;s &lt;diagram&gt; &amp; more"><figcaption><p>The **flow** of \\</p> data</p></figcaption></figure>');
    expect(withoutKeys(parse(markdown))).toEqual(expected);
    expectOfficialSchema('JSONDocument', parse(markdown));
  });

  test('When an image has no caption, or several images share a block, Then they stay markdown images', () => {
    expect(markdownFromDocument({ object: 'document', data: {}, nodes: [image('Alt', undefined)] })).toBe('![Alt](https://example.com/a.png?w=1&h=2)');
  });
});

describe('lists in a row', () => {
  const list = (type: string, ...texts: string[]) => ({
    object: 'block',
    type,
    isVoid: false,
    data: {},
    nodes: texts.map((text) => ({ object: 'block', type: 'list-item', isVoid: false, data: type === 'list-tasks' ? { checked: false } : {}, nodes: [{ object: 'block', type: 'paragraph', isVoid: false, data: {}, nodes: [{ object: 'text', leaves: [{ object: 'leaf', text, marks: [] }] }] }] })),
  });
  const doc = (...nodes: object[]) => ({ object: 'document', data: {}, nodes });

  test('When two lists of one kind follow each other, Then the second takes the other marker and both read back as two lists; lists of other kinds keep theirs', () => {
    const cases: Array<[object, string]> = [
      [doc(list('list-unordered', 'a'), list('list-unordered', 'b'), list('list-unordered', 'c')), '- a\n\n* b\n\n- c'],
      [doc(list('list-tasks', 'a'), list('list-tasks', 'b')), '- [ ] a\n\n* [ ] b'],
      [doc(list('list-ordered', 'a'), list('list-ordered', 'b')), '1. a\n\n1) b'],
      [doc(list('list-unordered', 'a'), list('list-tasks', 'b'), list('list-unordered', 'c')), '- a\n\n- [ ] b\n\n- c'],
    ];
    for (const [document, markdown] of cases) {
      expect(markdownFromDocument(document)).toBe(markdown);
      expect(withoutKeys(parse(markdown))).toEqual(document);
      // Read with keys (format=document) and written again: stable after one pass (the list split by kind is
      // one tight list again), and still these lists.
      const keyed = (md: string) => documentFromGitbookMarkdown(md, isOfficialBlock, blockKeysByLine);
      const once = markdownFromDocument(keyed(markdown));
      expect(markdownFromDocument(keyed(once))).toBe(once);
      expect(withoutKeys(parse(once))).toEqual(document);
    }
  });
});

describe('hostile inline markup', () => {
  test('When a page opens the same mark 100,000 times, Then its text carries it once, and reading stays small', () => {
    const document = parse(`${'<b>'.repeat(50_000)}x${'<i>y'.repeat(50_000)}`);
    const leaves = document.nodes[0].nodes[0].leaves;
    expect(leaves[0]).toEqual({ object: 'leaf', text: 'x', marks: [{ object: 'mark', type: 'bold' }] });
    expect(leaves[1].marks).toEqual([{ object: 'mark', type: 'bold' }, { object: 'mark', type: 'italic' }]);
    expect(JSON.stringify(document).length).toBeLessThan(200_000);
  });

  test('When a card cell nests 100,000 elements, Then the table is left as raw HTML text rather than walked', () => {
    const deep = `<table data-view="cards"><thead><tr><th>T</th></tr></thead><tbody><tr><td>${'<span>'.repeat(100_000)}deep</td></tr></tbody></table>`;
    expect(types(parse(deep).nodes)).toEqual(['paragraph']);
    const shallow = `<table data-view="cards"><thead><tr><th>T</th></tr></thead><tbody><tr><td>${'<span>'.repeat(30)}deep${'</span>'.repeat(30)}</td></tr></tbody></table>`;
    const table = parse(shallow).nodes[0];
    expect(table.type).toBe('table');
    expect(textOf(table)).toBe('deep');
  });
});
