import { expandIncludes, includedIds, includedIdsOfDocument, inlineReusableContents, MAX_INCLUDED_CHARS, MAX_INCLUDES } from '../../src/domain/revision/includes';

/** Reusable contents in place of their includes, as readers see pages (docs/adr/0109). */
const snippets: Record<string, string> = { a: 'Snippet A.', b: '---\ndescription: front matter is not shown\n---\n\nSnippet B.\n', nested: '{% include "/reusable-contents/a" %}' };
const lookUp = (id: string) => snippets[id];

test('When a page includes reusable contents, Then each include line is their markdown (front matter left out), code and unknown ones aside', () => {
  const page = ['Intro.', '{% include "/reusable-contents/a" %}', '  {%include "/reusable-contents/b"%}  ', '```', '{% include "/reusable-contents/a" %}', '```', '{% include "/reusable-contents/gone" %}', 'Text {% include "/reusable-contents/a" %} inline.'].join('\n');
  expect(expandIncludes(page, lookUp)).toBe(['Intro.', 'Snippet A.', 'Snippet B.', '```', '{% include "/reusable-contents/a" %}', '```', '{% include "/reusable-contents/gone" %}', 'Text {% include "/reusable-contents/a" %} inline.'].join('\n'));
  expect(includedIds(page)).toEqual(['a', 'b', 'gone']);
});

test('When an include is written inside a block or is malformed, Then the block s include is expanded and the malformed one stays', () => {
  expect(expandIncludes('{% hint style="info" %}\n{% include "/reusable-contents/a" %}\n{% endhint %}', lookUp)).toBe('{% hint style="info" %}\nSnippet A.\n{% endhint %}');
  expect(expandIncludes('{% include "/reusable-contents/%E0%A4%A" %}', lookUp)).toBe('{% include "/reusable-contents/%E0%A4%A" %}');
});

test('When a reusable content includes another, Then only one level is expanded: the inner include stays a tag', () => {
  expect(expandIncludes('{% include "/reusable-contents/nested" %}', lookUp)).toBe('{% include "/reusable-contents/a" %}');
});

test('When a hostile page includes too many or too large reusable contents, Then expansion stops at the bounds and the rest stay tags', () => {
  const many = Array.from({ length: MAX_INCLUDES + 5 }, () => '{% include "/reusable-contents/a" %}').join('\n');
  const lines = expandIncludes(many, lookUp).split('\n');
  expect(lines.filter((line) => line === 'Snippet A.')).toHaveLength(MAX_INCLUDES);
  expect(lines.slice(MAX_INCLUDES)).toEqual(Array(5).fill('{% include "/reusable-contents/a" %}'));
  const big = 'x'.repeat(MAX_INCLUDED_CHARS / 2 + 1);
  const twice = expandIncludes('{% include "/reusable-contents/big" %}\n{% include "/reusable-contents/big" %}', () => big);
  expect(twice).toBe(`${big}\n{% include "/reusable-contents/big" %}`);
});

describe('dereferenced JSON documents', () => {
  const include = (reusableContent: string, space?: string) => ({ object: 'block', type: 'reusable-content', isVoid: true, data: { ref: { kind: 'reusable-content', reusableContent, ...(space ? { space } : {}) } } });
  const para = (text: string) => ({ object: 'block', type: 'paragraph', nodes: [{ object: 'text', leaves: [{ object: 'leaf', text, marks: [] }] }] });
  const nodes: Record<string, unknown[]> = { a: [para('A1'), para('A2')] };

  test('When a document includes reusable contents at any depth, Then each block is replaced by their blocks; another space s, an unknown one and the stored document stay', () => {
    const document = { object: 'document', nodes: [include('a'), { object: 'block', type: 'tabs', nodes: [{ object: 'block', type: 'tabs-item', nodes: [include('a'), include('gone')] }] }, include('a', 'elsewhere')] };
    const before = structuredClone(document);
    expect(includedIdsOfDocument(document)).toEqual(['a', 'gone']);
    expect(inlineReusableContents(document, (id) => nodes[id])).toEqual({
      object: 'document',
      nodes: [para('A1'), para('A2'), { object: 'block', type: 'tabs', nodes: [{ object: 'block', type: 'tabs-item', nodes: [para('A1'), para('A2'), include('gone')] }] }, include('a', 'elsewhere')],
    });
    expect(document).toEqual(before);
  });

  test('When a hostile document includes more than the bound, Then only MAX_INCLUDES are inlined', () => {
    const document = { object: 'document', nodes: Array.from({ length: MAX_INCLUDES + 3 }, () => include('a')) };
    const out = inlineReusableContents(document, (id) => nodes[id]) as { nodes: unknown[] };
    expect(out.nodes).toHaveLength(MAX_INCLUDES * 2 + 3);
    expect(out.nodes.slice(-3)).toEqual(Array(3).fill(include('a')));
  });
});
