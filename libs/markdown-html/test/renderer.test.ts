import { createMarkdownRenderer, type MarkdownRenderer } from '@dp/markdown-html';

/**
 * Pages rendered on worker threads within a time budget (docs/adr/0059): a render past its budget is shown as
 * plain text and its thread replaced, the caller's event loop stays free meanwhile, and a page past the limits
 * never reaches the sanitizer.
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
  const r = renderer({ budgetMs: 50, limits: { maxTags: 1_000_000, maxDepth: 1_000 } });
  expect(await r.render('warm up', new Map())).toEqual({ html: '<p>warm up</p>\n' });
  const started = Date.now();
  const out = await r.render(HEAVY, new Map());
  expect(out.fallback).toBe('deadline');
  expect(Date.now() - started).toBeLessThan(5000);
  expect(await r.render('after', new Map())).toEqual({ html: '<p>after</p>\n' });
});

test('When a thread renders a heavy page, Then the caller’s event loop keeps turning', async () => {
  const r = renderer({ limits: { maxTags: 1_000_000, maxDepth: 1_000 } });
  await r.render('warm up', new Map());
  let worstGap = 0;
  let last = Date.now();
  const ticker = setInterval(() => {
    worstGap = Math.max(worstGap, Date.now() - last);
    last = Date.now();
  }, 10);
  const started = Date.now();
  const out = await r.render(HEAVY, new Map());
  const took = Date.now() - started;
  clearInterval(ticker);
  expect(out.fallback).toBeUndefined();
  // The render took a while on its thread; this loop never waited for it (generous: a shared machine).
  expect(worstGap).toBeLessThan(Math.max(500, took / 2));
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

test('When a thread cannot even start (its heap too small for the renderer), Then pages are their plain text, and no thread is retried in a loop', async () => {
  const r = renderer({ memoryMb: 2 });
  const out = await Promise.all([r.render('one', new Map()), r.render('two', new Map())]);
  expect(out.map((o) => o.fallback)).toEqual(['crashed', 'crashed']);
});
