import { expectOfficialSchema } from '@dp/testing';
import { applyChanges } from '../../src/domain/revision/apply-changes';
import { markdownFromDocument } from '../../src/domain/revision/document-to-markdown';
import { parseFrontmatter } from '../../src/domain/revision/markdown';
import { ContentError, emptyContent } from '../../src/domain/revision/types';
import { documentOfMarkdown } from '../../src/domain/revision/page-document';

type Node = Record<string, unknown>;
const leaf = (text: string, ...marks: string[]) => ({ object: 'leaf', text, marks: marks.map((type) => ({ object: 'mark', type })) });
const text = (...leaves: Node[]) => ({ object: 'text', leaves });
const t = (value: string, ...marks: string[]) => text(leaf(value, ...marks));
const block = (type: string, nodes: Node[], data: Node = {}) => ({ object: 'block', type, data, nodes });
const p = (...nodes: Node[]) => block('paragraph', nodes);
const item = (nodes: Node[], data: Node = {}) => block('list-item', nodes, data);
const link = (ref: Node, ...nodes: Node[]) => ({ object: 'inline', type: 'link', data: { ref }, nodes });
const doc = (...nodes: Node[]) => ({ object: 'document', data: {}, nodes });

/** Converts a document that must first be valid against the official JSONDocument schema. */
const md = (...nodes: Node[]) => {
  const document = doc(...nodes);
  expectOfficialSchema('JSONDocument', document);
  return markdownFromDocument(document);
};
const refused = (document: unknown) => {
  try {
    markdownFromDocument(document);
  } catch (err) {
    expect(err).toBeInstanceOf(ContentError);
    return (err as Error).message;
  }
  throw new Error('the document was converted');
};

describe('JSON document to markdown: blocks', () => {
  test('When a document has headings and paragraphs, Then each is a markdown block separated by a blank line', () => {
    expect(md(block('heading-1', [t('Title')]), p(t('First.')), block('heading-2', [t('Part')]), block('heading-3', [t('Detail')]), p(t('line one\nline two')))).toBe(
      '# Title\n\nFirst.\n\n## Part\n\n### Detail\n\nline one\nline two',
    );
  });

  test('When a code block has lines and a syntax, Then it is a fence with the language; a line of backticks gets a longer fence', () => {
    const line = (value: string) => block('code-line', [t(value)]);
    expect(md(block('code', [line('const a = 1;'), line(''), line('a++;')], { syntax: 'js' }))).toBe('```js\nconst a = 1;\n\na++;\n```');
    expect(md(block('code', [line('```'), line('*not emphasis*')]))).toBe('````\n```\n*not emphasis*\n````');
    expect(md(block('code', [line('x')], { syntax: 'sh', title: 'install.sh' }))).toBe('{% code title="install.sh" %}\n```sh\nx\n```\n{% endcode %}');
  });

  test('When a quote holds two paragraphs, Then every line is quoted and the paragraphs stay apart', () => {
    expect(md(block('blockquote', [p(t('One')), p(t('Two'))]))).toBe('> One\n>\n> Two');
  });

  test('When lists are unordered, ordered from a start, or tasks, Then each item has its marker and nested lists are indented under it', () => {
    const nested = block('list-unordered', [item([p(t('inner'))])]);
    expect(md(block('list-unordered', [item([p(t('a')), nested]), item([p(t('b'))])]))).toBe('- a\n  - inner\n- b');
    expect(md(block('list-ordered', [item([p(t('three')), nested]), item([p(t('four'))])], { start: 3 }))).toBe('3. three\n   - inner\n4. four');
    expect(md(block('list-tasks', [item([p(t('done'))], { checked: true }), item([p(t('todo'))], { checked: false })]))).toBe('- [x] done\n- [ ] todo');
  });

  test('When a list item holds a paragraph and a code block, Then the code is indented under the item', () => {
    const code = block('code', [block('code-line', [t('run')])], {});
    expect(md(block('list-ordered', [item([p(t('Step')), code])]))).toBe('1. Step\n\n   ```\n   run\n   ```');
  });

  test('When a plain list item starts with a task box, Then the box is escaped so the item does not become a task', () => {
    expect(md(block('list-unordered', [item([p(t('[ ] literal'))])]))).toBe('- \\[ ] literal');
  });

  test('When a hint has a style, Then it is a hint tag around its blocks; an unknown style is refused', () => {
    for (const style of ['info', 'warning', 'danger', 'success']) {
      expect(md(block('hint', [p(t('Careful')), p(t('Really'))], { style }))).toBe(`{% hint style="${style}" %}\nCareful\n\nReally\n{% endhint %}`);
    }
    expect(refused(doc(block('hint', [p(t('x'))], { style: 'loud' })))).toMatch(/document\.nodes\[0\]: data\.style/);
  });

  test('When a divider is between blocks, Then it is ---; one that opens the page is *** so it is not read as frontmatter', () => {
    const divider = { object: 'block', type: 'divider', data: {}, isVoid: true };
    expect(md(p(t('a')), divider, p(t('b')))).toBe('a\n\n---\n\nb');
    const opening = md(divider, p(t('title: Hijacked')), divider, p(t('body')));
    expect(opening).toBe('***\n\ntitle: Hijacked\n\n---\n\nbody');
    expect(parseFrontmatter(opening)).toEqual({ attributes: {}, body: opening });
  });

  test('When a document has a math block, Then it is fenced by $$ lines', () => {
    expect(md({ object: 'block', type: 'math', data: { formula: 'e = mc^2' }, isVoid: true })).toBe('$$\ne = mc^2\n$$');
  });

  test('When images and files reference files of the space or URLs, Then they are markdown images and links to /files/<id>', () => {
    const caption = (value: string) => [{ object: 'fragment', fragment: 'caption', type: 'caption', nodes: [p(t(value))] }];
    const image = (ref: Node, data: Node = {}, fragments: Node[] = []) => ({ object: 'block', type: 'image', data: { ref, ...data }, isVoid: true, fragments });
    const images = (...nodes: Node[]) => ({ ...block('images', nodes), isVoid: false });
    expect(md(images(image({ kind: 'file', file: 'f1' }, {}, caption('A [chart]'))))).toBe('<figure><img src="/files/f1"><figcaption><p>A [chart]</p></figcaption></figure>');
    expect(md(images(image({ kind: 'url', url: 'https://x.test/a b.png' }, { alt: 'Alt' }), image({ kind: 'file', file: 'f2' })))).toBe(
      '<div><figure><img src="https://x.test/a%20b.png" alt="Alt"><figcaption></figcaption></figure> <figure><img src="/files/f2"><figcaption></figcaption></figure></div>',
    );
    expect(md(images(image({ kind: 'url', url: 'https://x.test/a.png' }, { alt: 'Alt' })))).toBe('![Alt](https://x.test/a.png)');
    expect(md(images(image({ kind: 'file', file: 'f1' }, { width: 375 })))).toBe('<figure><img src="/files/f1" width="375"><figcaption></figcaption></figure>');
    expect(md({ object: 'block', type: 'file', data: { ref: { kind: 'file', file: 'f2' } }, isVoid: true })).toBe('[File](/files/f2)');
  });

  test('When a table has text, number and checkbox columns, Then it is a pipe table in record order with cells escaped', () => {
    const table = {
      object: 'block',
      type: 'table',
      isVoid: true,
      data: {
        view: { type: 'grid', columns: ['name', 'count', 'ok'], hideHeader: false },
        definition: {
          name: { id: 'name', title: 'Name', type: 'text', textAlignment: 'left' },
          count: { id: 'count', title: 'Count', type: 'number' },
          ok: { id: 'ok', title: 'OK?', type: 'checkbox' },
        },
        records: {
          r2: { orderIndex: 'b', values: { name: 'frag2', count: 2, ok: false } },
          r1: { orderIndex: 'a', values: { name: 'frag1', count: 1, ok: true } },
        },
      },
      fragments: [
        { object: 'fragment', fragment: 'frag1', nodes: [p(t('a|b', 'bold'))] },
        { object: 'fragment', fragment: 'frag2', nodes: [p(t('c')), p(t('d'))] },
      ],
    };
    expect(md(table)).toBe('| Name | Count | OK? |\n| --- | --- | --- |\n| **a\\|b** | 1 | [x] |\n| c<br>d | 2 | [ ] |');
    const users = { ...table, data: { ...table.data, definition: { ...table.data.definition, ok: { id: 'ok', title: 'Who', type: 'users' } } } };
    expect(refused(doc(users))).toMatch(/document\.nodes\[0\]\.data\.records\.r\d\.values\.ok: table columns of type "users"/);
  });

  test('When a table is a view of cards, Then it is GitBook s HTML table: visible columns, then the hidden target and cover, each with its role and type', () => {
    const cards = {
      object: 'block',
      type: 'table',
      isVoid: true,
      data: {
        view: { type: 'cards', columns: ['title', 'stars'], targetDefinition: 'to', coverDefinition: 'cover', cardSize: 'large', hideColumnTitle: true },
        definition: {
          title: { id: 'title', title: 'Title', type: 'text', textAlignment: 'center' },
          stars: { id: 'stars', title: 'Stars', type: 'rating', max: 5 },
          to: { id: 'to', title: '', type: 'content-ref' },
          cover: { id: 'cover', title: '', type: 'files' },
        },
        records: {
          b: { orderIndex: 'b', values: { title: 'f2', to: { ref: { kind: 'url', url: 'https://x.test/?a=1&b="2"' } }, cover: [] } },
          a: { orderIndex: 'a', values: { title: 'f1', stars: 4, to: { kind: 'page', page: 'p1' }, cover: ['file1'] } },
        },
      },
      fragments: [
        { object: 'fragment', fragment: 'f1', nodes: [p(t('Quick', 'bold'), t(' start <now> & | later'))] },
        { object: 'fragment', fragment: 'f2', nodes: [p(t('Second'))] },
      ],
    };
    expect(md(cards)).toBe(
      '<table data-view="cards" data-card-size="large" data-column-title-hidden><thead><tr><th align="center">Title</th><th data-type="rating">Stars</th><th data-hidden data-card-target data-type="content-ref"></th><th data-hidden data-card-cover data-type="files"></th></tr></thead>' +
        '<tbody><tr><td><strong>Quick</strong> start &lt;now&gt; &amp; | later</td><td>4</td><td><a href="/pages/p1">/pages/p1</a></td><td><a href="/files/file1">/files/file1</a></td></tr>' +
        '<tr><td>Second</td><td></td><td><a href="https://x.test/?a=1&amp;b=&quot;2&quot;">https://x.test/?a=1&amp;b=&quot;2&quot;</a></td><td></td></tr></tbody></table>',
    );
    const twoParagraphs = { ...cards, fragments: [cards.fragments[0], { object: 'fragment', fragment: 'f2', nodes: [p(t('one')), p(t('two'))] }] };
    expect(refused(doc(twoParagraphs))).toMatch(/records\.b\.values\.title: an HTML table cell holds one paragraph/);
    expect(markdownFromDocument(doc(twoParagraphs), 'document', { kept: true })).toMatch(/^\{% json block="[A-Za-z0-9_-]+" %\}/);
  });
});

describe('JSON document to markdown: inline content', () => {
  test('When leaves are bold, italic, code or struck through, Then each gets its delimiters; keyboard, superscript and subscript their HTML tags', () => {
    expect(md(p(t('b', 'bold'), t(' '), t('i', 'italic'), t(' '), t('c', 'code'), t(' '), t('s', 'strikethrough')))).toBe('**b** *i* `c` ~~s~~');
    expect(md(p(t('Ctrl', 'keyboard'), t(' x'), t('2', 'superscript'), t(' H'), t('2', 'subscript')))).toBe('<kbd>Ctrl</kbd> x<sup>2</sup> H<sub>2</sub>');
  });

  test('When a mark runs over several leaves, Then it opens and closes once, with the spaces at its edges outside the delimiters', () => {
    expect(md(p(text(leaf('Some '), leaf('bold ', 'bold'), leaf('and both', 'bold', 'italic'), leaf(' done'))))).toBe('Some **bold *and both*** done');
  });

  test('When code contains backticks, Then the code span fence is longer than them', () => {
    expect(md(p(t('a `b` c', 'code')))).toBe('``a `b` c``');
    expect(md(p(t('`x`', 'code')))).toBe('`` `x` ``');
  });

  test('When plain text contains markdown syntax, Then it is escaped; ordinary prose stays as typed', () => {
    expect(md(p(t('*not bold* [not](a link) `not code` <div> &amp; $$x$$ {% tag %}')))).toBe('\\*not bold\\* [not\\](a link) \\`not code\\` \\<div> \\&amp; \\$\\$x\\$\\$ \\{% tag %}');
    expect(md(p(t('snake_case, 2 * 3, a < b, issue #5, C:\\path and R&D')))).toBe('snake_case, 2 * 3, a < b, issue #5, C:\\path and R&D');
  });

  test('When a line of text starts like a heading, quote, list or divider, Then that start is escaped', () => {
    expect(md(p(t('# no\n> no\n- no\n+ no\n12. no\n---\n    indented')))).toBe('\\# no\n\\> no\n\\- no\n\\+ no\n12\\. no\n\\---\nindented');
  });

  test('When a heading ends with a run of #, Then it is escaped so it is not read as the closing sequence', () => {
    expect(md(block('heading-2', [t('Tag #')]))).toBe('## Tag \\#');
    expect(md(block('heading-2', [t('C#')]))).toBe('## C#');
  });

  test('When links point to a URL, a page, a file or an anchor, Then the markdown link targets the URL, /pages/<id>, /files/<id> or #anchor', () => {
    expect(
      md(
        p(
          link({ kind: 'url', url: 'https://example.com/a (b)' }, t('site')),
          t(', '),
          link({ kind: 'page', page: 'pg1' }, t('page')),
          t(', '),
          link({ kind: 'file', file: 'fl1' }, t('file')),
          t(', '),
          link({ kind: 'anchor', anchor: 'setup' }, t('here')),
          t(', '),
          link({ kind: 'anchor', anchor: 'setup', page: 'pg1' }, t('there')),
        ),
      ),
    ).toBe('[site](https://example.com/a%20%28b%29), [page](/pages/pg1), [file](/files/fl1), [here](#setup), [there](/pages/pg1#setup)');
  });

  test('When a whole link is bold, Then the bold goes around the link, and marks of part of its text stay inside', () => {
    expect(md(p(t('see '), link({ kind: 'page', page: 'p' }, text(leaf('the ', 'bold'), leaf('page', 'bold', 'italic'))), t(' now', 'bold')))).toBe('see **[the *page*](/pages/p) now**');
  });

  test('When a paragraph has an emoji and inline math, Then the emoji is its character and the math is between $$', () => {
    const emoji = { object: 'inline', type: 'emoji', data: { code: '1f44b' }, isVoid: true };
    const math = { object: 'inline', type: 'inline-math', data: { formula: 'x^2' }, isVoid: true };
    expect(md(p(t('Hi '), emoji, t(' and '), math))).toBe('Hi 👋 and $$x^2$$');
    expect(md(p(t('bold', 'bold'), t(' '), emoji))).toBe('**bold** 👋');
  });

  test('When a link points into another space or at a user, Then it is refused naming its path', () => {
    expect(refused(doc(p(t('a'), link({ kind: 'page', page: 'x', space: 'other' }, t('b')))))).toMatch(/^document\.nodes\[0\]\.nodes\[1\]\.data\.ref: refs into another space/);
    expect(refused(doc(p(link({ kind: 'user', user: 'u1' }, t('b')))))).toMatch(/refs of kind "user" are not supported/);
  });
});

describe('JSON document to markdown: containers and references, in GitBook markdown', () => {
  const tab = (title: string, ...nodes: Node[]) => block('tabs-item', nodes, { title });
  const fragment = (name: string, ...nodes: Node[]) => ({ object: 'fragment', fragment: name, type: name, nodes });
  const expandable = (title: string, body: Node[], data: Node = {}) => ({ object: 'block', type: 'expandable', isVoid: true, data, fragments: [fragment('expandable-title', p(t(title))), fragment('expandable-body', ...body)] });
  const voidBlock = (type: string, data: Node) => ({ object: 'block', type, isVoid: true, data });

  test('When a document has tabs, Then each tab is a {% tab title %} with its blocks inside {% tabs %}', () => {
    expect(md(block('tabs', [tab('Windows', p(t('Run the installer.'))), tab('Mac "Apple"', block('heading-2', [t('Homebrew')]), p(t('brew install kit')))]))).toBe(
      '{% tabs %}\n{% tab title="Windows" %}\nRun the installer.\n{% endtab %}\n\n{% tab title="Mac &quot;Apple&quot;" %}\n## Homebrew\n\nbrew install kit\n{% endtab %}\n{% endtabs %}',
    );
  });

  test('When a tab title holds a quote, a tag end or a line break, Then none of them ends the attribute, the tag or its line', () => {
    expect(md(block('tabs', [tab('a "b" %} c\nd', p(t('x')))]))).toBe('{% tabs %}\n{% tab title="a &quot;b&quot; %&#125; c&#10;d" %}\nx\n{% endtab %}\n{% endtabs %}');
  });

  test('When a document has an expandable, Then it is <details> with its title as <summary>, open when expanded by default', () => {
    expect(md(expandable('More **detail**', [p(t('Hidden text.')), block('blockquote', [p(t('Quoted.'))])]))).toBe('<details>\n\n<summary>More \\*\\*detail\\*\\*</summary>\n\nHidden text.\n\n> Quoted.\n\n</details>');
    expect(md(expandable('Open', [p(t('Shown.'))], { defaultExpanded: true }))).toBe('<details open>\n\n<summary>Open</summary>\n\nShown.\n\n</details>');
  });

  test('When a document has a stepper or columns, Then each step or column is its own tag inside the block’s', () => {
    const step = (...nodes: Node[]) => block('stepper-step', nodes);
    expect(md(block('stepper', [step(block('heading-3', [t('Install')]), p(t('npm ci'))), step(p(t('npm start')))]))).toBe(
      '{% stepper %}\n{% step %}\n### Install\n\nnpm ci\n{% endstep %}\n\n{% step %}\nnpm start\n{% endstep %}\n{% endstepper %}',
    );
    const column = (...nodes: Node[]) => block('column', nodes);
    expect(md({ ...block('columns', [column(p(t('Left'))), column(p(t('Right')))]), isVoid: false })).toBe(
      '{% columns %}\n{% column %}\nLeft\n{% endcolumn %}\n\n{% column %}\nRight\n{% endcolumn %}\n{% endcolumns %}',
    );
  });

  test('When a document has a content-ref card or an embed, Then they are {% content-ref url %} with its link and {% embed url %}', () => {
    expect(md(voidBlock('content-ref', { ref: { kind: 'page', page: 'pg1' } }), voidBlock('embed', { url: 'https://www.youtube.com/watch?v=abc' }))).toBe(
      '{% content-ref url="/pages/pg1" %}\n[/pages/pg1](/pages/pg1)\n{% endcontent-ref %}\n\n{% embed url="https://www.youtube.com/watch?v=abc" %}',
    );
  });

  test('When a document has OpenAPI blocks, Then each is its {% openapi-… %} tag: operations, schemas and webhooks of a spec, and an operation of a URL or file', () => {
    expect(md(voidBlock('openapi-operation', { ref: { kind: 'openapi', spec: 'petstore' }, path: '/pets/{petId}', method: 'GET' }))).toBe(
      '{% openapi-operation spec="petstore" path="/pets/{petId}" method="get" %}\nOpenAPI petstore: GET /pets/{petId}\n{% endopenapi-operation %}',
    );
    expect(md(voidBlock('swagger', { ref: { kind: 'url', url: 'https://example.com/openapi.json' }, path: '/pet', method: 'post' }))).toBe(
      '{% openapi src="https://example.com/openapi.json" path="/pet" method="post" %}\n[https://example.com/openapi.json](https://example.com/openapi.json)\n{% endopenapi %}',
    );
    expect(md(voidBlock('openapi-schemas', { ref: { kind: 'openapi', spec: 'petstore' }, schemas: ['Pet'], grouped: false }))).toBe(
      '{% openapi-schemas spec="petstore" schemas="Pet" grouped="false" %}\nThe Pet object\n{% endopenapi-schemas %}',
    );
    expect(md(voidBlock('openapi-schemas', { ref: { kind: 'openapi', spec: 'petstore' }, schemas: ['Pet', 'Owner'], title: 'Models' }))).toBe(
      '{% openapi-schemas spec="petstore" schemas="Pet,Owner" grouped="true" %}\nModels\n{% endopenapi-schemas %}',
    );
    expect(md(voidBlock('openapi-webhook', { ref: { kind: 'openapi', spec: 'petstore' }, name: 'newPet', method: 'POST' }))).toBe(
      '{% openapi-webhook spec="petstore" name="newPet" method="post" %}\nOpenAPI petstore: webhook newPet (POST)\n{% endopenapi-webhook %}',
    );
    expect(refused(doc(voidBlock('openapi-schemas', { ref: { kind: 'openapi', spec: 'petstore' }, schemas: ['Pet"x'] })))).toMatch(/^document\.nodes\[0\]\.data\.schemas: an openapi-schemas block names one or more schemas/);
    expect(refused(doc(voidBlock('openapi-operation', { ref: { kind: 'openapi', spec: 'petstore' }, path: 'pets', method: 'get' })))).toBe(
      "document.nodes[0].data.path: an OpenAPI block needs the operation's path, starting with /",
    );
    expect(refused(doc(voidBlock('openapi-operation', { ref: { kind: 'url', url: 'https://x' }, path: '/a', method: 'get' })))).toMatch(/^document\.nodes\[0\]\.data\.ref: an openapi-operation block needs an "openapi" ref/);
  });

  test('When text has a color mark, Then it is a <mark> with its text and background colors as GitBook writes them, inside the other marks', () => {
    const colored = (value: string, text: string, background: string, ...marks: string[]) => ({
      object: 'text',
      leaves: [{ object: 'leaf', text: value, marks: [{ object: 'mark', type: 'color', data: { text, background } }, ...marks.map((type) => ({ object: 'mark', type }))] }],
    });
    expect(md(p(t('Say '), colored('stop', 'red', 'default', 'bold'), t(' now.')))).toBe('Say **<mark style="color:red;">stop</mark>** now.');
    expect(md(p(colored('note', '$primary', 'yellow')))).toBe('<mark style="color:$primary;background-color:yellow;">note</mark>');
  });

  test('When text holds an icon or a button, Then they are GitBook’s <i class="fa-…"> and <a class="button …">', () => {
    const icon = { object: 'inline', type: 'icon', isVoid: true, data: { icon: 'rocket' } };
    const button = { object: 'inline', type: 'button', isVoid: true, data: { label: 'Get <started>', kind: 'primary', ref: { kind: 'url', url: 'https://example.com/start?a=1&b=2' } } };
    expect(md(p(icon, t(' Launch')))).toBe('<i class="fa-rocket">:rocket:</i> Launch');
    // Not through `md`: the official button schema puts `additionalProperties: false` on the `{ref}` branch of an
    // allOf beside `label` and `kind`, so as JSON Schema no button with a label validates; GitBook's API takes them.
    expect(markdownFromDocument(doc(p(t('Launch '), button)))).toBe('Launch <a href="https://example.com/start?a=1&amp;b=2" class="button primary">Get &lt;started&gt;</a>');
    expect(refused(doc(p({ ...button, data: { label: 'Go', kind: 'secondary', action: { action: 'ask', query: 'x' } } })))).toMatch(/^document\.nodes\[0\]\.nodes\[0\]\.data\.action: GitBook markdown has no form for a button's "action" yet/);
    expect(refused(doc(p({ ...icon, data: { icon: 'rocket', color: 'red' } })))).toMatch(/^document\.nodes\[0\]\.nodes\[0\]\.data\.color: GitBook markdown has no form for an icon's color yet/);
  });

  test('When a container or reference is malformed or holds what GitBook markdown cannot carry, Then it is refused naming the path, never dropped', () => {
    expect(refused(doc(block('tabs', [p(t('not a tab'))])))).toBe('document.nodes[0].nodes[0]: a tabs block holds tabs-item blocks only');
    expect(refused(doc(block('tabs', [])))).toBe('document.nodes[0]: a tabs block needs at least one tabs-item');
    expect(refused(doc(block('tabs', [block('tabs-item', [p(t('x'))], { title: 'A', icon: 'gear' })])))).toMatch(/^document\.nodes\[0\]\.nodes\[0\]\.data\.icon: GitBook markdown has no form for the tabs-item block's "icon" yet/);
    expect(refused(doc(voidBlock('embed', { url: 'javascript:alert(1)' })))).toBe('document.nodes[0].data.url: an embed needs an http or https URL');
    expect(refused(doc({ object: 'block', type: 'expandable', isVoid: true, data: {}, fragments: [fragment('expandable-body', p(t('x')))] }))).toBe('document.nodes[0].fragments: an expandable needs exactly one "expandable-title" fragment');
  });
});

describe('JSON document to markdown: refusals', () => {
  test('When a block or inline type has no markdown form here, Then it is a ContentError naming the type and its path', () => {
    expect(refused(doc(p(t('ok')), block('drawing', [])))).toBe('document.nodes[1]: block type "drawing" is not supported in JSON documents; send this page as markdown instead');
    const mention = { object: 'inline', type: 'mention', data: { ref: { kind: 'user', user: 'u' } }, isVoid: true };
    expect(refused(doc(block('blockquote', [p(t('a'), mention)])))).toMatch(/^document\.nodes\[0\]\.nodes\[0\]\.nodes\[1\]: inline type "mention" is not supported/);
    expect(refused(doc(p(t('red', 'color'))))).toBe('document.nodes[0].nodes[0].leaves[0].marks[0].data.text: a color mark needs a GitBook color token (default, red, $primary...)');
    expect(refused(doc(p(t('x', 'constructor'))))).toMatch(/mark "constructor" is not supported/);
  });

  test('When the document is malformed, Then it is refused naming where', () => {
    expect(refused({ object: 'value', nodes: [] })).toBe('document: object must be "document"');
    expect(refused(doc(p({ object: 'text', leaves: [{ object: 'leaf', marks: [] }] })))).toMatch(/^document\.nodes\[0\]\.nodes\[0\]\.leaves\[0\]: a leaf needs a text string/);
    expect(refused(doc(block('list-unordered', [p(t('not an item'))])))).toMatch(/^document\.nodes\[0\]\.nodes\[0\]: a list-unordered block holds list-item blocks only/);
    expect(refused(doc(t('text at the top')))).toMatch(/^document\.nodes\[0\]: expected a block node/);
  });

  test('When blocks are nested deeper than the limit, Then the document is refused instead of recursing on', () => {
    let deep: Node = p(t('bottom'));
    for (let i = 0; i < 40; i++) deep = block('blockquote', [deep]);
    expect(refused(doc(deep))).toMatch(/nested more than 32 levels/);
  });
});

describe('reusable contents (docs/adr/0109)', () => {
  const included = (ref: Node) => ({ object: 'block', type: 'reusable-content', isVoid: true, data: { ref } });

  test("When a page includes a reusable content, Then it is GitBook's include tag naming it, and reads back to the same block", () => {
    const markdown = markdownFromDocument(doc(p(t('Before')), included({ kind: 'reusable-content', reusableContent: 'rc1' })));
    expect(markdown).toBe('Before\n\n{% include "/reusable-contents/rc1" %}');
    expect(documentOfMarkdown(markdown).nodes).toMatchObject([{ type: 'paragraph' }, { object: 'block', type: 'reusable-content', isVoid: true, data: { ref: { kind: 'reusable-content', reusableContent: 'rc1' } } }]);
  });

  test('When the include names a reusable content of another space or no reusable content, Then it has no markdown form: kept whole, or refused naming where', () => {
    const elsewhere = included({ kind: 'reusable-content', reusableContent: 'rc1', space: 'other' });
    expect(refused(doc(elsewhere))).toBe('document.nodes[0].data.ref: refs into another space are not supported; link to it by URL');
    expect(markdownFromDocument(doc(elsewhere), 'document', { kept: true })).toMatch(/^\{% json block="[A-Za-z0-9_-]+" %\}\n\{% endjson %\}$/);
    expect(refused(doc(included({ kind: 'page', page: 'p1' })))).toBe('document.nodes[0].data.ref: a reusable-content block needs a "reusable-content" ref');
  });

  test('When markdown includes a path that names no reusable content (an unresolved repository path), Then it stays text, stable after one pass', () => {
    const markdown = '{% include "../.gitbook/includes/missing.md" %}';
    expect(documentOfMarkdown(markdown).nodes).toMatchObject([{ type: 'paragraph' }]);
    const once = markdownFromDocument(documentOfMarkdown(markdown));
    expect(once).toBe('\\{% include "../.gitbook/includes/missing.md" %}');
    expect(markdownFromDocument(documentOfMarkdown(once))).toBe(once);
  });
});

describe('JSON document to markdown: our own format=document', () => {
  test('When a document we output is sent back, Then it converts to the markdown it was read from (headings, paragraphs, code, quotes, list items)', () => {
    for (const markdown of [
      '# Title\n\nA paragraph\nover two lines.\n\n## Part\n\n### Detail',
      '```ts\nconst a = 1;\n\nconst b = 2;\n```\n\n```sh\nnpm test\n```',
      '> quoted\n> on two lines\n\nAfter.',
      '- one\n- two\n- [ ] a task\n\nText.',
      '# Guide **bold**\n\nRead [setup](/pages/abc), `code` and *this*.\n\n- item with ![pic](/files/f1)\n\n> quote with *em*',
    ]) {
      expect(markdownFromDocument(documentOfMarkdown(markdown))).toBe(markdown);
    }
  });

  test('When a document we output is sent back with or without its keys, Then its marks stay marks and its literal markup stays escaped', () => {
    for (const markdown of ['Read **this**', 'Read \\*this\\*', '1\\. not a list']) {
      const presented = documentOfMarkdown(markdown);
      const nodes = presented.nodes as Node[];
      expect(nodes[0].key).toEqual(expect.any(String));
      const withoutKeys = { ...presented, nodes: nodes.map(({ key: _key, ...rest }) => rest) };
      expect([markdownFromDocument(presented), markdownFromDocument(withoutKeys)]).toEqual([markdown, markdown]);
    }
  });
});

describe('applying changes with JSON documents', () => {
  let n = 0;
  const ctx = { now: '2026-11-22T00:00:00.000Z', newId: () => `id${++n}`, revisions: new Map() };

  test('When insert_page and update_page carry JSON documents, Then the page is stored as the converted markdown', () => {
    const inserted = applyChanges(emptyContent(), [{ operation: 'insert_page', title: 'Guide', document: { document: doc(p(t('Hello', 'bold'))) } }], ctx);
    const page = inserted.content.pages[0];
    expect(inserted.documents.get(page.documentHash!)).toBe('**Hello**');
    const updated = applyChanges(inserted.content, [{ operation: 'update_page', page: page.id, document: { document: doc(block('heading-2', [t('Changed')])) } }], ctx);
    expect(updated.documents.get(updated.content.pages[0].documentHash!)).toBe('## Changed');
  });

  test('When a JSON document starts with a heading-1, Then it does not rename the page (only markdown content does)', () => {
    const fromJson = applyChanges(emptyContent(), [{ operation: 'insert_page', title: 'Kept', document: { document: doc(block('heading-1', [t('Heading')])) } }], ctx);
    expect(fromJson.content.pages[0].title).toBe('Kept');
    const fromMarkdown = applyChanges(emptyContent(), [{ operation: 'insert_page', title: 'Replaced', document: { markdown: '# Heading' } }], ctx);
    expect(fromMarkdown.content.pages[0].title).toBe('Heading');
  });

  test('When a JSON document has a block markdown has no form for, Then the page keeps the document as written and its markdown the block in the documented form, with its text', () => {
    const integration = block('integration', [p(t('Widget'))], { integration: 'acme' });
    const r = applyChanges(emptyContent(), [{ operation: 'insert_page', title: 'X', document: { document: doc(p(t('a')), integration) } }], ctx);
    const hash = r.content.pages[0].documentHash!;
    expect(r.writtenDocuments.get(hash)).toEqual(doc(p(t('a')), integration));
    const encoded = Buffer.from(JSON.stringify(integration)).toString('base64url');
    expect(r.documents.get(hash)).toBe(`a\n\n{% json block="${encoded}" %}\nWidget\n{% endjson %}`);
  });

  test('When a kept document breaks a rule that is not about markdown (a document nested too deep), Then the change is still refused naming the path', () => {
    let deep: Node = p(t('bottom'));
    for (let i = 0; i < 40; i++) deep = block('blockquote', [deep]);
    expect(() => applyChanges(emptyContent(), [{ operation: 'insert_page', title: 'X', document: { document: doc(deep) } }], ctx)).toThrow(/nested more than 32 levels deep/);
    expect(() => markdownFromDocument(doc(p(t('a')), block('integration', [])))).toThrow('document.nodes[1]: block type "integration" is not supported');
  });
});

describe('the documented form read back (docs/adr/0072)', () => {
  const drawing = { object: 'block', type: 'drawing', isVoid: true, data: {} };
  const mentionParagraph = p(t('Ask '), { object: 'inline', type: 'mention', isVoid: true, data: { ref: { kind: 'user', user: 'u1' } } }, t(' now'));
  const tag = (block: object) => `{% json block="${Buffer.from(JSON.stringify(block)).toString('base64url')}" %}`;

  test('When markdown holds blocks in the documented form, Then format=document has those blocks again (with our keys), and that document sent back gives the same markdown', () => {
    const markdown = markdownFromDocument(doc(p(t('Intro')), mentionParagraph, drawing), 'document', { kept: true });
    const document = documentOfMarkdown(markdown);
    expectOfficialSchema('JSONDocument', document);
    const nodes = document.nodes as Node[];
    expect(nodes.map(({ key: _key, ...node }) => node)).toEqual([expect.objectContaining({ type: 'paragraph' }), mentionParagraph, drawing]);
    expect(nodes.every((node) => typeof node.key === 'string')).toBe(true);
    expect(markdownFromDocument(document, 'document', { kept: true })).toBe(markdown);
  });

  test('When a drawing is kept, Then its reader text is its file as an image, which readers (the site, the PDF) see; without a file, nothing', () => {
    const drawing = { object: 'block', type: 'drawing', isVoid: true, data: { ref: { kind: 'file', file: 'f1' } } };
    expectOfficialSchema('JSONDocument', doc(drawing));
    const markdown = markdownFromDocument(doc(drawing), 'document', { kept: true });
    expect(markdown.split('\n').slice(1)).toEqual(['![Drawing](/files/f1)', '{% endjson %}']);
    expect((documentOfMarkdown(markdown).nodes as Node[]).map(({ key: _key, ...node }) => node)).toEqual([drawing]);
    expect(markdownFromDocument(doc({ object: 'block', type: 'drawing', isVoid: true, data: {} }), 'document', { kept: true }).split('\n').slice(1)).toEqual(['{% endjson %}']);
  });

  test('When an updates block is kept, Then each update s date heads its text, in the block s format (readers see when it happened)', () => {
    const update = (date: string, words: string) => ({ object: 'block', type: 'update', data: { date }, nodes: [p(t(words))] });
    const updates = (format: string) => doc({ object: 'block', type: 'updates', data: { format }, nodes: [update('2026-11-01T00:00:00.000Z', 'Search shipped'), update('2026-10-02T23:30:00.000Z', 'Redirects shipped')] });
    expectOfficialSchema('JSONDocument', updates('full'));
    const text = (format: string) => markdownFromDocument(updates(format), 'document', { kept: true }).split('\n').slice(1, -1).join('\n');
    expect(text('full')).toBe('November 1, 2026\n\nSearch shipped\n\nOctober 2, 2026\n\nRedirects shipped');
    expect(text('short')).toBe('Nov 1, 2026\n\nSearch shipped\n\nOct 2, 2026\n\nRedirects shipped');
    expect(text('numeric')).toBe('2026-11-01\n\nSearch shipped\n\n2026-10-02\n\nRedirects shipped');
  });

  test('When a documented form\'s text runs over several paragraphs, Then its block is read once, whole', () => {
    const markdown = `${tag(mentionParagraph)}\n\nAsk\n\nnow\n{% endjson %}\n\nAfter`;
    expect((documentOfMarkdown(markdown).nodes as Node[]).map(({ key: _key, ...node }) => node)).toEqual([mentionParagraph, expect.objectContaining({ type: 'paragraph', nodes: [expect.objectContaining({ leaves: [expect.objectContaining({ text: 'After' })] })] })]);
  });

  test('When the form is written by hand with a block the official schema does not know, what is not base64 JSON, or a block nested 20,000 deep, Then its lines are read as text', () => {
    const tooDeep = `{% json block="${Buffer.from(`${'{"object":"block","type":"blockquote","data":{},"nodes":['.repeat(20_000)}${JSON.stringify(p(t('x')))}${']}'.repeat(20_000)}`).toString('base64url')}" %}`;
    for (const opening of [tag({ object: 'block', type: 'script', data: { src: 'https://evil.example/x.js' } }), '{% json block="not_base64_json" %}', tooDeep]) {
      const document = documentOfMarkdown(`${opening}\nText\n{% endjson %}`);
      expect((document.nodes as Node[]).map((node) => node.type)).toEqual(['paragraph']);
    }
  });
});
