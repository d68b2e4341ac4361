import { renderPage } from '../../src/render';
import { readerMarkdown } from '../../src/kept-form';

const html = (markdown: string, rewrite: (url: string) => string | undefined = () => undefined) => {
  const out = renderPage(markdown, rewrite);
  expect(out.fallback).toBeUndefined();
  return out.html;
};

describe('GitBook blocks on the published page and in the PDF (docs/adr/0077)', () => {
  test('When a page holds hints of each style, Then each is a note with its style, its markdown rendered inside', () => {
    for (const style of ['info', 'warning', 'danger', 'success']) {
      expect(html(`{% hint style="${style}" %}\nMind **this**.\n{% endhint %}`)).toBe(`<div class="hint hint-${style}" role="note" aria-label="${style[0].toUpperCase()}${style.slice(1)}">\n<p>Mind <strong>this</strong>.</p>\n</div>\n`);
    }
    expect(html('{% hint style="bogus" %}\nX\n{% endhint %}')).toContain('class="hint hint-info"');
  });

  test('When a page holds tabs, a stepper and columns, Then each item is its own titled section, numbered step or column', () => {
    const tabs = html('{% tabs %}\n{% tab title="Mac & Linux" %}\nRun `make`.\n{% endtab %}\n\n{% tab title="Windows" %}\nRun setup.\n{% endtab %}\n{% endtabs %}');
    expect(tabs).toBe('<div class="tabs-block">\n<section class="tab"><div class="tab-title">Mac &amp; Linux</div>\n<p>Run <code>make</code>.</p>\n</section>\n<section class="tab"><div class="tab-title">Windows</div>\n<p>Run setup.</p>\n</section>\n</div>\n');
    expect(html('{% stepper %}\n{% step %}\n## Install\n{% endstep %}\n{% step %}\nUse it.\n{% endstep %}\n{% endstepper %}')).toBe('<ol class="stepper">\n<li class="step">\n<h2 id="install">Install</h2>\n</li>\n<li class="step">\n<p>Use it.</p>\n</li>\n</ol>\n');
    expect(html('{% columns %}\n{% column %}\nLeft\n{% endcolumn %}\n{% column %}\nRight\n{% endcolumn %}\n{% endcolumns %}')).toBe('<div class="columns">\n<div class="column">\n<p>Left</p>\n</div>\n<div class="column">\n<p>Right</p>\n</div>\n</div>\n');
  });

  test('When a page holds an expandable, titled code, math, an embed, a file, a content-ref and an OpenAPI operation, Then each reads as such', () => {
    expect(html('<details open>\n<summary>More *details*</summary>\n\nHidden text.\n\n</details>')).toBe('<details open><summary>More <em>details</em></summary>\n<p>Hidden text.</p>\n</details>\n');
    expect(html('{% code title="app.js" lineNumbers="true" %}\n```js\nrun();\n```\n{% endcode %}')).toBe('<figure class="code-block line-numbers"><figcaption>app.js</figcaption>\n<pre><code class="language-js">run();\n</code></pre>\n</figure>\n');
    const math = html('$$\n\\frac{a}{b}\n$$\n\nInline $$x^2$$ here.');
    expect(math).toMatch(/^<div class="math-block"><span class="katex"><math xmlns="http:\/\/www\.w3\.org\/1998\/Math\/MathML" display="block"><semantics><mrow><mfrac><mi>a<\/mi><mi>b<\/mi><\/mfrac><\/mrow>/);
    expect(math).toContain('<p>Inline <span class="katex"><math xmlns="http://www.w3.org/1998/Math/MathML"><semantics><mrow><msup><mi>x</mi><mn>2</mn></msup></mrow>');
    expect(html('{% embed url="https://www.youtube.com/watch?v=1" %}')).toBe('<p class="embed"><a href="https://www.youtube.com/watch?v=1">https://www.youtube.com/watch?v=1</a></p>\n');
    const file = html('{% file src="/files/f1" %}\nThe *report*\n{% endfile %}', (url) => (url === '/files/f1' ? '/o/s/.files/f1/report.pdf' : undefined));
    expect(file).toBe('<div class="file"><p><a href="/o/s/.files/f1/report.pdf">f1</a></p>\n<p>The <em>report</em></p>\n</div>\n');
    expect(html('{% content-ref url="/pages/p1" %}\n[Setup](/pages/p1)\n{% endcontent-ref %}', (url) => (url === '/pages/p1' ? '/o/s/setup' : undefined))).toBe('<div class="content-ref">\n<p><a href="/o/s/setup">Setup</a></p>\n</div>\n');
    expect(html('{% openapi-operation spec="petstore" path="/pets" method="get" %}')).toBe('<div class="openapi-operation"><p><code>GET /pets</code></p>\n</div>\n');
  });

  test('When headings repeat across blocks, Then their ids are unique over the whole page', () => {
    expect(html('## Setup\n\n{% hint style="info" %}\n## Setup\n{% endhint %}\n\n## Setup').match(/id="[^"]+"/g)).toEqual(['id="setup"', 'id="setup-2"', 'id="setup-3"']);
  });

  test('When attributes, formulas or HTML inside blocks are hostile, Then no script, handler, javascript: URL or style reaches the page', () => {
    const hostile = [
      '{% embed url="javascript:alert(1)" %}',
      '{% file src="javascript:alert(2)" %}\n{% endfile %}',
      '{% tabs %}\n{% tab title="&quot;&gt;&lt;script&gt;alert(3)&lt;/script&gt;" %}\nx\n{% endtab %}\n{% endtabs %}',
      '{% code title="<img src=x onerror=alert(4)>" %}\n```\nx\n```\n{% endcode %}',
      '{% hint style="info&quot; onmouseover=&quot;alert(5)" %}\n<div class="hint" onclick="alert(6)" style="position:fixed">x</div>\n{% endhint %}',
      '$$\n\\href{javascript:alert(7)}{x} \\htmlStyle{color:red}{y}\n$$',
      'Inline $$\\url{javascript:alert(8)}$$.',
      '<math><mtext><a href="javascript:alert(9)">m</a></mtext><maction actiontype="statusline">z</maction></math>',
      '<details ontoggle="alert(10)" open><summary>s</summary>\n\nx\n\n</details>',
    ].join('\n\n');
    const out = html(hostile);
    // Tags and attributes only: a refused link keeps its text, and a formula its source (as text).
    const markup = out.match(/<[^>]+>/g)!.join('');
    expect(markup).not.toMatch(/<script|<img|\son\w+=|javascript:|style=|maction/i);
    expect(out).toContain('<p class="embed"><a>javascript:alert(1)</a></p>');
    expect(out).toContain('<figcaption>&lt;img src=x onerror=alert(4)&gt;</figcaption>');
  });

  test('When a formula is past its length or expands itself without end, Then the page still renders: the formula as its source or KaTeX’s error', () => {
    const long = html(`$$\n${'x+'.repeat(3_000)}x\n$$`);
    expect(long).toMatch(/^<div class="math-block"><code class="math-source">x\+x\+/);
    const started = performance.now();
    const looping = html('$$\n\\def\\a{\\a\\a}\\a\n$$');
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(looping).toContain('math-block');
  });
});

describe('classes on content', () => {
  test('When a page’s own HTML carries classes, Then only the blocks’ own survive, on their own tags', () => {
    expect(html('<div class="evil hint hint-danger">x</div>\n\n<ol class="stepper other"><li class="step x">y</li></ol>\n\n<span class="katex sr-only">z</span>')).toBe(
      '<div class="hint hint-danger">x</div>\n<ol class="stepper"><li class="step">y</li></ol>\n<p><span class="katex">z</span></p>\n',
    );
  });
});

describe('blocks kept in their JSON form', () => {
  const kept = (block: object, text: string) => `{% json block="${Buffer.from(JSON.stringify(block)).toString('base64url')}" %}\n${text}\n{% endjson %}`;
  const p = (text: string) => ({ object: 'block', type: 'paragraph', data: {}, nodes: [{ object: 'text', leaves: [{ object: 'leaf', text, marks: [] }] }] });

  test('When a kept block is shown, Then its text is; when it is or holds a conditional block, Then nothing of it is, whoever reads', () => {
    const render = (markdown: string) => renderPage(markdown, () => undefined).html;
    expect(render(kept({ object: 'block', type: 'updates', data: { format: 'full' }, nodes: [] }, 'Shipped.'))).toBe('<p>Shipped.</p>\n');
    expect(render(kept({ object: 'block', type: 'if', data: { expression: 'visitor.claims.beta' }, nodes: [p('For beta readers')] }, 'For beta readers'))).toBe('');
    const nested = { object: 'block', type: 'hint', data: { style: 'info' }, nodes: [{ object: 'block', type: 'if', data: { expression: 'x' }, nodes: [p('Secret')] }] };
    expect(render(kept(nested, 'Secret'))).toBe('');
    expect(render('{% json block="not-json" %}\nText\n{% endjson %}')).toBe('<p>Text</p>\n');
  });
});

describe('markdown as readers may have it', () => {
  test('When a page holds kept blocks, Then those holding a conditional block are left out and the others kept as written', () => {
    const form = (block: object, text: string) => `{% json block="${Buffer.from(JSON.stringify(block)).toString('base64url')}" %}\n${text}\n{% endjson %}\n`;
    const hidden = form({ object: 'block', type: 'if', data: { expression: 'x' }, nodes: [] }, 'Beta only');
    const shown = form({ object: 'block', type: 'updates', data: { format: 'full' }, nodes: [] }, 'Shipped');
    expect(readerMarkdown(`Intro\n\n${hidden}\n${shown}\nEnd\n`)).toBe(`Intro\n\n\n${shown}\nEnd\n`);
  });
});
