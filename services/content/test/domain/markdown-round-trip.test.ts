import fc from 'fast-check';
import { expectOfficialSchema } from '@dp/testing';
import { markdownFromDocument } from '../../src/domain/revision/document-to-markdown';
import { documentFromGitbookMarkdown } from '../../src/domain/revision/markdown-to-document';
import { isOfficialBlock } from '../../src/domain/revision/official-document';

/*
 * Property tests of issue 23's rule: JSON -> markdown -> JSON is the identity on the blocks markdown carries, and
 * markdown -> JSON -> markdown is stable after one pass. Documents are generated in the official shape, with
 * text full of markdown's own characters.
 */
type Node = Record<string, unknown>;
const MARKS = ['bold', 'italic', 'strikethrough', 'code'] as const;

const word = fc.stringMatching(/^[a-zA-Z0-9*_[\]()#>`\\<&.|$~!{%}-]{1,8}$/);
const words = fc.array(word, { minLength: 1, maxLength: 4 }).map((ws) => ws.join(' '));
const marks = fc.subarray([...MARKS]).map((types) => types.map((type) => ({ object: 'mark', type })));
/** Inline text: runs of words, each with its marks, separated by plain spaces. */
const runs = fc.array(fc.record({ text: words, marks }), { minLength: 1, maxLength: 4 });
const inlineText = runs.map((runs) => {
  const leaves = runs.flatMap((run, i) => [...(i ? [{ object: 'leaf', text: ' ', marks: [] }] : []), { object: 'leaf', ...run }]);
  return [{ object: 'text', leaves }];
});
const block = (type: string, nodes: unknown, data: Node = {}) => ({ object: 'block', type, isVoid: false, data, nodes });
const paragraph = inlineText.map((nodes) => block('paragraph', nodes));
const heading = fc.tuple(fc.constantFrom(1, 2, 3), inlineText).map(([level, nodes]) => block(`heading-${level}`, nodes));
const codeLine = fc.stringMatching(/^[ a-zA-Z0-9(){};=<>"'+*#-]{0,30}$/);
const code = fc.tuple(fc.constantFrom('js', 'python', ''), fc.array(codeLine, { minLength: 1, maxLength: 4 })).map(([syntax, lines]) =>
  block('code', lines.map((line) => block('code-line', [{ object: 'text', leaves: [{ object: 'leaf', text: line, marks: [] }] }])), syntax ? { syntax } : {}),
);
const items = fc.array(paragraph, { minLength: 1, maxLength: 3 });
const list = fc.oneof(
  items.map((ps) => block('list-unordered', ps.map((p) => block('list-item', [p])))),
  items.map((ps) => block('list-ordered', ps.map((p) => block('list-item', [p])))),
  fc.array(fc.tuple(paragraph, fc.boolean()), { minLength: 1, maxLength: 3 }).map((its) => block('list-tasks', its.map(([p, checked]) => block('list-item', [p], { checked })))),
);
const quote = fc.array(paragraph, { minLength: 1, maxLength: 2 }).map((ps) => block('blockquote', ps));
const math = fc.stringMatching(/^[a-z0-9+=^_{}\\ ]{1,20}$/).filter((f) => f.trim() === f && f.length > 0).map((formula) => ({ object: 'block', type: 'math', isVoid: true, data: { formula } }));
const divider = fc.constant({ object: 'block', type: 'divider', isVoid: true, data: {} });
const leafBlock = fc.oneof(paragraph, heading, code, list, quote, math);
const hint = fc.tuple(fc.constantFrom('info', 'warning', 'danger', 'success'), fc.array(fc.oneof(paragraph, list), { minLength: 1, maxLength: 3 })).map(([style, nodes]) => block('hint', nodes, { style }));
const tabs = fc
  .array(fc.tuple(fc.stringMatching(/^[A-Za-z0-9 ]{1,12}$/), fc.array(fc.oneof(paragraph, code), { minLength: 1, maxLength: 2 })), { minLength: 1, maxLength: 3 })
  .map((ts) => block('tabs', ts.map(([title, nodes]) => block('tabs-item', nodes, { title }))));
/** Cards as the reader names their parts: visible text columns, then the hidden target and cover (docs/adr/0081). */
const title = fc.stringMatching(/^[a-zA-Z0-9 <>&"|*_-]{0,10}$/).map((t) => t.trim());
const cards = fc
  .record({
    columns: fc.array(fc.tuple(title, fc.constantFrom('left', 'center', 'right')), { minLength: 1, maxLength: 3 }),
    rows: fc.array(fc.tuple(fc.array(fc.option(inlineText, { nil: undefined }), { minLength: 3, maxLength: 3 }), fc.constantFrom({ kind: 'page', page: 'p1' }, { ref: { kind: 'url', url: 'https://x.test/a?b=1&c=2' } }, undefined), fc.boolean()), { minLength: 1, maxLength: 3 }),
    cardSize: fc.constantFrom('medium', 'large'),
    hideColumnTitle: fc.boolean(),
  })
  .map(({ columns, rows, cardSize, hideColumnTitle }) => {
    const ids = columns.map((_, c) => `c${c}`);
    const target = `c${columns.length}`;
    const cover = `c${columns.length + 1}`;
    const definition: Node = Object.fromEntries(columns.map(([title, textAlignment], c) => [ids[c], { id: ids[c], title, type: 'text', textAlignment }]));
    definition[target] = { id: target, title: '', type: 'content-ref' };
    definition[cover] = { id: cover, title: '', type: 'files' };
    const fragments: Node[] = [];
    const records = Object.fromEntries(
      rows.map(([cells, to, withCover], r) => {
        const values: Node = {};
        ids.forEach((id, c) => {
          const nodes = cells[c];
          if (!nodes) return;
          values[id] = `r${r}-c${c}`;
          fragments.push({ object: 'fragment', fragment: `r${r}-c${c}`, nodes: [block('paragraph', nodes)] });
        });
        if (to) values[target] = to;
        if (withCover) values[cover] = ['file1'];
        return [`r${r}`, { orderIndex: `a${String(r).padStart(6, '0')}`, values }];
      }),
    );
    const view = { type: 'cards', columns: ids, targetDefinition: target, coverDefinition: cover, cardSize, ...(hideColumnTitle ? { hideColumnTitle } : {}) };
    return { object: 'block', type: 'table', isVoid: true, data: { view, records, definition }, fragments };
  });
/** Images as the reader gives them: one or several, each with a file or URL ref, maybe alt text, a width and a caption. */
const images = fc
  .array(
    fc.record({
      ref: fc.constantFrom({ kind: 'file', file: 'f1' }, { kind: 'url', url: 'https://x.test/a.png' }),
      alt: fc.option(fc.stringMatching(/^[a-zA-Z0-9 <>&"'*_-]{1,10}$/).filter((a) => a.trim() === a), { nil: undefined }),
      width: fc.option(fc.integer({ min: 1, max: 2000 }), { nil: undefined }),
      caption: fc.option(inlineText, { nil: undefined }),
    }),
    { minLength: 1, maxLength: 3 },
  )
  .map((list) =>
    block(
      'images',
      list.map(({ ref, alt, width, caption }) => ({
        object: 'block',
        type: 'image',
        isVoid: true,
        data: { ref, ...(alt ? { alt } : {}), ...(width ? { width } : {}) },
        fragments: caption ? [{ object: 'fragment', fragment: 'caption', nodes: [block('paragraph', caption)] }] : [],
      })),
    ),
  );
const documents = fc
  .array(fc.oneof({ weight: 4, arbitrary: leafBlock }, { weight: 1, arbitrary: divider }, { weight: 1, arbitrary: hint }, { weight: 1, arbitrary: tabs }, { weight: 1, arbitrary: cards }, { weight: 1, arbitrary: images }), { minLength: 1, maxLength: 6 })
  // A divider first would be written `***`.
  .filter((nodes) => nodes[0].type !== 'divider')
  .map((nodes) => ({ object: 'document', data: {}, nodes }));

type Leaf = { object: string; text: string; marks: Array<{ type: string }> };
const markTypes = (leaf: Leaf | undefined) => (leaf?.marks ?? []).map((m) => m.type).filter((t) => t !== 'code');

/**
 * The document as reading gives it: marks in one order, adjacent leaves of the same marks joined, and a leaf of
 * spaces alone with the marks its two neighbours share (the writer keeps those open across it: `*a* *`b`*` is
 * `*a `b`*`, which changes nothing a reader sees but a struck-through or colored space).
 */
function normalized(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(normalized);
  if (!value || typeof value !== 'object') return value;
  const node = value as Node;
  if (node.object === 'text') {
    const given = node.leaves as Leaf[];
    const leaves: Leaf[] = [];
    given.forEach((leaf, i) => {
      const shared = markTypes(given[i - 1]).filter((t) => markTypes(given[i + 1]).includes(t));
      const types = leaf.text.trim() === '' && !leaf.marks.some((m) => m.type === 'code') ? shared : leaf.marks.map((m) => m.type);
      const sorted = [...types].sort().map((type) => ({ object: 'mark', type }));
      const last = leaves[leaves.length - 1];
      if (last && JSON.stringify(last.marks) === JSON.stringify(sorted)) last.text += leaf.text;
      else leaves.push({ ...leaf, marks: sorted });
    });
    return { object: 'text', leaves };
  }
  return Object.fromEntries(Object.entries(node).filter(([k]) => k !== 'key').map(([k, v]) => [k, normalized(v)]));
}
const read = (markdown: string) => documentFromGitbookMarkdown(markdown, isOfficialBlock);

describe('JSON documents and GitBook markdown', () => {
  test('When any document of the carried blocks is written as markdown and read back, Then it is the same document', () => {
    fc.assert(
      fc.property(documents, (document) => {
        expectOfficialSchema('JSONDocument', document);
        const markdown = markdownFromDocument(document);
        expect(normalized(read(markdown))).toEqual(normalized(document));
      }),
      { numRuns: 150 },
    );
  });

  test('When markdown read from a document is read and written again, Then it is stable after one pass', () => {
    fc.assert(
      fc.property(documents, (document) => {
        const once = markdownFromDocument(read(markdownFromDocument(document)));
        expect(markdownFromDocument(read(once))).toBe(once);
      }),
      { numRuns: 150 },
    );
  });
});
