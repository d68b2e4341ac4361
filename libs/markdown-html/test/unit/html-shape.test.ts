import { measureHtml, renderPage } from '@dp/markdown-html';

/** The scan that decides, before sanitize-html runs, whether a page's HTML is too much work (docs/adr/0059). */
const NO_LIMIT = { maxTags: Number.MAX_SAFE_INTEGER, maxDepth: Number.MAX_SAFE_INTEGER };
const shape = (html: string) => measureHtml(html, NO_LIMIT);

describe('measureHtml', () => {
  test('When tags are closed, Then depth is how many are open at once and every start tag counts', () => {
    expect(shape('<p><b>a</b><i>b</i></p><ul><li><code>x</code></li></ul>')).toEqual({ tags: 6, depth: 3 });
  });

  test('When tags are never closed, Then each one nests in the previous one', () => {
    expect(shape('<b>'.repeat(500))).toEqual({ tags: 500, depth: 500 });
    expect(shape('<b>x'.repeat(500))).toEqual({ tags: 500, depth: 500 });
  });

  test('When elements close implicitly as HTML says (li, p, td, tr), or are void, Then they do not nest', () => {
    expect(shape('<ul>' + '<li>item'.repeat(300) + '</ul>').depth).toBe(2);
    expect(shape('<p>one<p>two<div>three</div>').depth).toBe(1);
    expect(shape('<table>' + '<tr><td>a<td>b'.repeat(200) + '</table>').depth).toBe(3);
    expect(shape('<br><img src="x"><hr>'.repeat(100))).toEqual({ tags: 300, depth: 0 });
  });

  test('When tags sit in comments, declarations, raw text elements or quoted attributes, Then they are not tags', () => {
    expect(shape('<!-- <b><b><b> --><!--><b>')).toEqual({ tags: 1, depth: 1 });
    expect(shape('<!doctype html><![CDATA[<b><b>]]><?x <b> ?>')).toEqual({ tags: 0, depth: 0 });
    expect(shape('<script><b><b><b></script><style><i></STYLE>')).toEqual({ tags: 2, depth: 0 });
    expect(shape('<a title="<b>">x</a>')).toEqual({ tags: 1, depth: 1 });
  });

  test('When markup tries to hide depth (end tags in attributes or raw text, look-alike names), Then the depth is still counted', () => {
    const deep = '<b>'.repeat(200);
    expect(shape(deep + '<a title="' + '</b>'.repeat(200) + '">x</a>').depth).toBeGreaterThanOrEqual(200);
    expect(shape(deep + '<script></scriptx>' + '</b>'.repeat(200) + '</script>').depth).toBeGreaterThanOrEqual(200);
    expect(shape(deep + '</b:x>'.repeat(200) + '<!x </b></b>>').depth).toBeGreaterThanOrEqual(200);
    expect(shape('<b/>'.repeat(200)).depth).toBe(200);
  });

  test('When a limit is passed, Then the scan stops there and names it', () => {
    expect(measureHtml('<b>'.repeat(1000), { maxTags: 10_000, maxDepth: 100 })).toEqual({ tags: 101, depth: 101, exceeded: 'depth' });
    expect(measureHtml('<b>x</b>'.repeat(1000), { maxTags: 500, maxDepth: 100 })).toEqual({ tags: 501, depth: 1, exceeded: 'tags' });
  });

  test('When the HTML is large and hostile, Then the scan stays linear (a megabyte of tags in well under a second)', () => {
    const started = Date.now();
    for (const page of ['<b>'.repeat(333_333), '<a b="'.repeat(150_000), '<x y=1 '.repeat(150_000), '<!x'.repeat(300_000), '<script>'.repeat(120_000)]) shape(page);
    expect(Date.now() - started).toBeLessThan(5000);
  });
});

describe('renderPage', () => {
  test('When the page is past the limits, Then it is its escaped plain text, still readable, without sanitizing', () => {
    const hostile = '# Title\n\n' + '<b>'.repeat(66_666) + '<script>alert(1)</script>';
    const out = renderPage(hostile, () => undefined);
    expect(out.fallback).toBe('limits');
    expect(out.html).toMatch(/^<pre class="plain-text"[^>]*># Title\n\n(&lt;b&gt;)+&lt;script&gt;alert\(1\)&lt;\/script&gt;<\/pre>$/);
  });

  test('When a page is within the limits, Then it is rendered and sanitized as before', () => {
    expect(renderPage('# Hi\n\n<b>bold</b> <script>x</script>', () => undefined)).toEqual({ html: '<h1 id="hi">Hi</h1>\n<p><b>bold</b> </p>\n' });
  });
});

describe('GitBook tag lines', () => {
  test('When a page holds a block in the documented {% json %} form (docs/adr/0072), Then the reader sees its text, never the encoded block', () => {
    const encoded = Buffer.from(JSON.stringify({ object: 'block', type: 'drawing', isVoid: true, data: {} })).toString('base64url');
    const { html } = renderPage(`Before\n\n{% json block="${encoded}" %}\nAsk about it\n{% endjson %}\n\nAfter`, () => undefined);
    expect(html).toContain('Ask about it');
    expect(html).not.toContain(encoded);
    expect(html).not.toContain('{%');
  });
});
