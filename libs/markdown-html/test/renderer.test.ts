import { createMarkdownRenderer, type MarkdownRenderer } from '@dp/markdown-html';
import { MAX_PAGE_SPANS } from '../src/highlight';

/**
 * Pages rendered on worker threads within a time budget (docs/adr/0059): what a page shows whatever happens to
 * its render. A render past its budget, refused for a full queue or whose thread died is the page's plain text;
 * a page past the limits never reaches the sanitizer. The threads themselves (deadline, heap, queue, the
 * caller's loop left free) are tested in libs/threads/test (docs/adr/0063).
 */
const renderers: MarkdownRenderer[] = [];
const renderer = (options: Partial<Parameters<typeof createMarkdownRenderer>[0]> = {}) => {
  const made = createMarkdownRenderer({ threads: 1, budgetMs: 10_000, memoryMb: 128, maxQueue: 8, ...options });
  renderers.push(made);
  return made;
};
afterAll(() => Promise.all(renderers.map((r) => r.close())));

/** Within the limits, but seconds of sanitizing: 20,000 tags nested 100 deep, many times over. */
const HEAVY = ('<b>x'.repeat(100) + '</b>'.repeat(100)).repeat(600);

test('When a page is rendered, Then its links are rewritten from the table and it is sanitized', async () => {
  const out = await renderer().render('# Hi\n\n[a](/pages/p1) ![i](/files/f1) <script>x</script>', new Map([['/pages/p1', '/site/a'], ['/files/f1', 'data:image/png;base64,AA==']]), { imageSchemes: ['data'] });
  expect(out).toEqual({ html: '<h1 id="hi">Hi</h1>\n<p><a href="/site/a">a</a> <img src="data:image/png;base64,AA==" alt="i" /> </p>\n' });
});

test('When a page is past the limits, Then it is its plain text', async () => {
  const out = await renderer().render('<b>'.repeat(66_666), new Map());
  expect(out.fallback).toBe('limits');
  expect(out.html.startsWith('<pre class="plain-text"')).toBe(true);
});

test('When a render runs past its budget, Then the page is its plain text, the thread is replaced and the next page renders', async () => {
  // A budget a small page meets even on a busy machine (a thread's first render loads its modules), far below ten HEAVY pages' seconds.
  // The heap is let grow far past what a second of sanitizing fills, so that only the deadline stops it: at 128 MB, a
  // fast machine's thread ran out of heap first (a crash, 2026-11-29).
  const r = renderer({ budgetMs: 1_000, memoryMb: 1_536, limits: { maxTags: 1_000_000, maxDepth: 1_000 } });
  expect(await r.render('warm up', new Map())).toEqual({ html: '<p>warm up</p>\n' });
  const out = await r.render(HEAVY.repeat(10), new Map());
  // Cut at the deadline (ten HEAVY pages would take far longer), however busy the machine: a fallback, not a time.
  expect(out.fallback).toBe('deadline');
  expect(await r.render('after', new Map())).toEqual({ html: '<p>after</p>\n' });
});

test('When every thread is busy and the queue is full, Then a page is its plain text at once', async () => {
  const r = renderer({ maxQueue: 1, limits: { maxTags: 1_000_000, maxDepth: 1_000 } });
  const running = [r.render(HEAVY, new Map()), r.render(HEAVY, new Map())];
  const out = await r.render('late', new Map());
  expect(out).toEqual({ html: '<pre class="plain-text" style="white-space: pre-wrap">late</pre>', fallback: 'busy' });
  await Promise.all(running);
});

test('When a render needs more memory than its thread has, Then the page is its plain text and the next page renders', async () => {
  const r = renderer({ memoryMb: 32, limits: { maxTags: 10_000_000, maxDepth: 10_000_000 } });
  expect(await r.render('warm up', new Map())).toEqual({ html: '<p>warm up</p>\n' });
  const out = await r.render('- item <i>x</i>\n'.repeat(100_000), new Map());
  expect(out.fallback).toBe('crashed');
  expect(await r.render('after', new Map())).toEqual({ html: '<p>after</p>\n' });
});

test('When a page names its code blocks languages, Then the code is highlighted on the thread', async () => {
  const out = await renderer().render('```python\nprint("hi")\n```', new Map());
  expect(out.fallback).toBeUndefined();
  expect(out.html).toMatch(/^<pre class="shiki shiki-themes github-light github-dark" style="[^"]+" tabindex="0"><code class="language-python"><span class="line"><span style="--shiki-light:#[0-9A-F]{6};--shiki-dark:#[0-9A-F]{6}">print<\/span>/);
});

test('When a page holds as much code as an author likes, Then it renders, each block highlighted or shown plain, within the page s span limit', async () => {
  // Ten blocks of 150 dense lines (5.7 KB and 2,000-odd tags each), in heavy grammars: within the page's
  // characters, past its tags for highlighting. How many blocks get highlighted depends on the page's highlighting
  // time (500 ms, grammars loaded included: test/unit/highlight.test.ts holds each limit) and so on the machine; how
  // fast the publisher is, is `npm run bench`'s to say. The render budget here only bounds a hang.
  const block = (language: string) => '```' + language + '\n' + 'const a = `${b}` + f(x, y) / 2; // c\n'.repeat(150) + '```\n';
  const markdown = ['ts', 'tsx', 'js', 'jsx', 'html', 'vue', 'markdown', 'svelte', 'php', 'mdx'].map(block).join('\n');
  const r = renderer({ budgetMs: 20_000, memoryMb: 256 });
  // Past the thread's first load (its modules and shiki's engine), which a busy machine may make slow.
  expect((await r.render('```ts\nwarm(up);\n```', new Map())).fallback).toBeUndefined();
  const out = await r.render(markdown, new Map());
  expect(out.fallback).toBeUndefined();
  const highlighted = out.html.match(/<pre class="shiki/g)?.length ?? 0;
  expect(out.html.match(/<pre><code class="language-/g) ?? []).toHaveLength(10 - highlighted);
  expect(out.html.split('<span').length - 1).toBeLessThanOrEqual(MAX_PAGE_SPANS);
});
