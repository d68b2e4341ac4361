import { fenceLanguages, highlighterFor, MAX_PAGE_CODE, MAX_PAGE_LANGUAGES } from '../../src/highlight';
import { renderMarkdown } from '../../src/render';

const keep = () => undefined;
// A budget no busy machine reaches, except where the budget is what a test is about.
const render = async (markdown: string, budgetMs = 60_000) => renderMarkdown(markdown, keep, { highlight: await highlighterFor(fenceLanguages(markdown), budgetMs) });

describe('code highlighting', () => {
  test('When a page names its fences languages, Then they are listed once each, lower-cased, quotes and tildes included', () => {
    expect(fenceLanguages('```ts\na\n```\n\n~~~ Python title\nb\n~~~\n> ```ts\n> c\n> ```\n````bash\nd\n````\n```\nplain\n```')).toEqual(['ts', 'python', 'bash']);
  });

  test('When a code block names a known language, Then its tokens carry both themes colours through the sanitizer, line by line', async () => {
    const html = await render('```ts\nconst answer: number = 42;\nexport {};\n```');
    expect(html).toMatch(/^<pre class="shiki shiki-themes github-light github-dark" style="--shiki-light:#[0-9a-f]{3,6};--shiki-dark:#[0-9a-f]{3,6};--shiki-light-bg:#[0-9a-f]{3,6};--shiki-dark-bg:#[0-9a-f]{3,6}" tabindex="0"><code class="language-ts">/i);
    expect(html.match(/<span class="line">/g)).toHaveLength(2);
    expect(html).toMatch(/<span style="--shiki-light:#D73A49;--shiki-dark:#F97583">const<\/span>/);
  });

  test('When a code block names an unknown language or none, Then it shows plain, as markdown-it writes it', async () => {
    expect(await render('```nolang\nx < y\n```')).toBe('<pre><code class="language-nolang">x &lt; y\n</code></pre>\n');
    expect(await render('```\nx\n```')).toBe('<pre><code>x\n</code></pre>\n');
  });

  test('When code holds markup, Then it stays text', async () => {
    const html = await render('```html\n</code></pre><script>alert(1)</script><img src=x onerror=alert(2)>\n```');
    expect(html).toContain('<span class="line">');
    expect(html).not.toMatch(/<script|<img|onerror=/);
  });

  test('When a page asks for more languages than a page may load, Then the ones past the limit show plain', async () => {
    const names = ['js', 'ts', 'python', 'go', 'rust', 'java', 'ruby', 'php', 'c', 'bash'];
    expect(names.length).toBeGreaterThan(MAX_PAGE_LANGUAGES);
    const html = await render(names.map((name) => '```' + name + '\nx = 1\n```').join('\n\n'));
    expect(html.match(/<pre class="shiki/g)).toHaveLength(MAX_PAGE_LANGUAGES);
    expect(html).toContain('<pre><code class="language-bash">x = 1\n</code></pre>');
  });

  test('When a page holds more code than a page may highlight, Then the code past it shows plain', async () => {
    const big = 'let a = 1;\n'.repeat(Math.ceil(MAX_PAGE_CODE / 11));
    const html = await render('```js\nlet first = 1;\n```\n\n```js\n' + big + '```\n\n```js\nlet last = 1;\n```');
    expect(html.match(/<pre class="shiki/g)).toHaveLength(1);
    expect(html).toContain('<pre><code class="language-js">let last = 1;\n</code></pre>');
  });

  test('When a page has spent its time on highlighting, Then its code shows plain', async () => {
    await render('```js\nwarm(up);\n```');
    const html = await render('```js\nlet first = 1;\n```\n\n```js\nlet second = 2;\n```', 0);
    expect(html).toBe('<pre><code class="language-js">let first = 1;\n</code></pre>\n<pre><code class="language-js">let second = 2;\n</code></pre>\n');
  });

  test('When a page styles its own spans and pre like shiki does, Then only colours survive', async () => {
    const html = await render('<pre class="shiki evil" style="--shiki-light:red;background:url(https://x.test/a)" tabindex="-1"><span class="line other" style="--shiki-dark:#fff;--shiki-light:expression(alert(1));position:fixed">a</span></pre>');
    expect(html).toBe('<pre class="shiki"><span class="line" style="--shiki-dark:#fff">a</span></pre>');
  });
});

describe('code themes a site chose (docs/adr/0093)', () => {
  const code = '```js\nconst answer = 42;\n```';
  test('When a site picks themes, Then the code is coloured with them; GitBook s own names map to shiki s; an unknown one keeps GitHub s', async () => {
    const themed = renderMarkdown(code, keep, { highlight: await highlighterFor(['js'], 60_000, { light: 'dracula', dark: 'monochrome-dark' }) });
    expect(themed).toContain('--shiki-light-bg:#282A36');
    const plain = renderMarkdown(code, keep, { highlight: await highlighterFor(['js'], 60_000) });
    expect(plain).not.toContain('#282A36');
    const unknown = renderMarkdown(code, keep, { highlight: await highlighterFor(['js'], 60_000, { light: 'no-such-theme', dark: 'github-dark' }) });
    expect(unknown).toBe(plain);
  });
});
