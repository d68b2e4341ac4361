import { CrawlFrontier } from '../../src/domain/import/frontier';
import { crawlScope, inScope, pageKey } from '../../src/domain/import/links';
import { fallbackTitle, planImport } from '../../src/domain/import/plan';
import { readHtmlPage } from '../../src/domain/import/read-page';
import { MAX_MARKDOWN_CHARS } from '../../src/domain/revision/changes';

describe('website import: links', () => {
  test('When a link is resolved, Then it becomes an absolute page URL without query or fragment', () => {
    expect(pageKey('b.html?x=1#top', 'https://h.test/docs/a.html')).toBe('https://h.test/docs/b.html');
    expect(pageKey('/guide/', 'https://h.test/docs/')).toBe('https://h.test/guide/');
    expect(pageKey('https://other.test/x', 'https://h.test/')).toBe('https://other.test/x');
  });

  test('When a link is no page (mailto, javascript, an asset, unparsable), Then it has no key', () => {
    for (const href of ['mailto:a@b.c', 'javascript:void(0)', 'logo.png', 'style.css', 'doc.pdf', 'http://[::1']) expect(pageKey(href, 'https://h.test/docs/')).toBeUndefined();
  });

  test('When the start URL is a folder, a file or a bare path, Then the scope is its folder', () => {
    expect(crawlScope('https://h.test/docs/')).toEqual({ origin: 'https://h.test', prefix: '/docs/' });
    expect(crawlScope('https://h.test/docs/index.html')).toEqual({ origin: 'https://h.test', prefix: '/docs/' });
    expect(crawlScope('https://h.test/docs')).toEqual({ origin: 'https://h.test', prefix: '/docs/' });
    expect(crawlScope('https://h.test')).toEqual({ origin: 'https://h.test', prefix: '/' });
  });

  test('When pages are checked against a scope, Then only the same origin under the prefix is in', () => {
    const scope = crawlScope('https://h.test/docs/');
    expect(inScope('https://h.test/docs/a', scope)).toBe(true);
    expect(inScope('https://h.test/docs', scope)).toBe(true);
    expect(inScope('https://h.test/docs-old/a', scope)).toBe(false);
    expect(inScope('https://h.test/blog/a', scope)).toBe(false);
    expect(inScope('http://h.test/docs/a', scope)).toBe(false);
    expect(inScope('https://h.test:8443/docs/a', scope)).toBe(false);
  });
});

describe('website import: frontier', () => {
  test('When pages link to each other, Then each in-scope page is queued once, breadth-first, the start page counted', () => {
    const frontier = new CrawlFrontier('https://h.test/docs/', ['https://h.test/docs']);
    frontier.addLinks(['a', 'b?page=2', 'a#x', '/docs', '/blog/', 'https://other.test/docs/c', 'img.png'], 'https://h.test/docs/');
    expect(frontier.next()).toBe('https://h.test/docs/a');
    frontier.addLinks(['c', 'b', './'], 'https://h.test/docs/a');
    expect([frontier.next(), frontier.next(), frontier.next()]).toEqual(['https://h.test/docs/b', 'https://h.test/docs/c', undefined]);
    expect(frontier.discovered).toEqual(['https://h.test/docs/', 'https://h.test/docs/a', 'https://h.test/docs/b', 'https://h.test/docs/c']);
  });

  test('When more pages are linked than the limit, Then discovery stops at the limit', () => {
    const frontier = new CrawlFrontier('https://h.test/', [], 3);
    frontier.addLinks(['/1', '/2', '/3', '/4'], 'https://h.test/');
    expect(frontier.discovered).toHaveLength(3);
    expect([frontier.next(), frontier.next(), frontier.next()]).toEqual(['https://h.test/1', 'https://h.test/2', undefined]);
  });
});

describe('website import: reading a page', () => {
  const html = `<!doctype html><html><head><title>Guide &amp; more</title><style>p { color: red }</style><script>alert(1)</script></head>
    <body><nav><a href="/docs/a.html">A</a></nav><p>Intro</p><h1>Getting started</h1>
    <p>See <a href="b.html#x" title="Bee">B</a> and <img src="i.png" alt="pic">.</p><ul><li>one</li></ul>
    <footer><a href="c.html">C</a> footer text</footer></body></html>`;

  test('When an HTML page is read, Then script, style, nav and footer are gone and links and images are absolute', () => {
    const page = readHtmlPage(html, 'https://h.test/docs/index.html');
    expect(page.markdown).toBe('Intro\n\n# Getting started\n\nSee [B](https://h.test/docs/b.html#x "Bee") and ![pic](https://h.test/docs/i.png).\n\n-   one');
    expect(page.links).toEqual(['/docs/a.html', 'b.html#x', 'c.html']);
  });

  test('When a page has a <title>, Then it names the page; without one, the first <h1> does', () => {
    expect(readHtmlPage(html, 'https://h.test/').title).toBe('Guide & more');
    expect(readHtmlPage('<p>x</p><h1>Second  <em>h1</em></h1>', 'https://h.test/').title).toBe('Second h1');
    expect(readHtmlPage('<p>nothing</p>', 'https://h.test/').title).toBeUndefined();
  });

  test('When the content starts with an <h1>, Then that heading names the page (as it does for authored markdown)', () => {
    expect(readHtmlPage('<title>Site - Home</title><h1>Home</h1><p>x</p>', 'https://h.test/').title).toBe('Home');
  });
});

describe('website import: planning the pages', () => {
  test('When pages link to each other, Then each becomes an insert_page with a ref and the links become ref links', () => {
    const { changes, skipped } = planImport([
      { key: 'https://h.test/docs/', title: 'Home', markdown: 'Go to [A](https://h.test/docs/a?v=1#part) or [out](https://else.test/).' },
      { key: 'https://h.test/docs/a', title: undefined, markdown: 'Back [home](https://h.test/docs/) and ![img](https://h.test/docs/a.png)' },
    ]);
    expect(skipped).toEqual([]);
    expect(changes).toEqual([
      { operation: 'insert_page', ref: 'page-1', title: 'Home', document: { markdown: 'Go to [A](./page-2.md#part) or [out](https://else.test/).' } },
      { operation: 'insert_page', ref: 'page-2', title: 'A', document: { markdown: 'Back [home](./page-1.md) and ![img](https://h.test/docs/a.png)' } },
    ]);
  });

  test('When a page is too long to be stored, Then it is left out and links to it stay absolute', () => {
    const { changes, skipped } = planImport([
      { key: 'https://h.test/', title: 'Home', markdown: '[big](https://h.test/big)' },
      { key: 'https://h.test/big', title: 'Big', markdown: 'x'.repeat(MAX_MARKDOWN_CHARS + 1) },
    ]);
    expect(changes.map((c) => c.document)).toEqual([{ markdown: '[big](https://h.test/big)' }]);
    expect(skipped).toEqual(['https://h.test/big']);
  });

  test('When a page has no title, Then its last path segment (else the host) names it', () => {
    expect(fallbackTitle('https://h.test/docs/getting_started.html')).toBe('Getting started');
    expect(fallbackTitle('https://h.test/')).toBe('h.test');
  });
});
