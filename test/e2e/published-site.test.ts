import { registry } from '@dp/metrics';
import { iconSvg } from '@dp/markdown-html';
import { eventually, metricValue } from '@dp/testing';
import { PETS_SPEC } from '../support/pets-spec';
import { installStatusIntegration, statusBlock } from '../support/status-integration';
import { bootStack, type TestStack, type TestUser } from '../support/stack';

/**
 * The sites publisher (issue 11, docs/adr/0040), over HTTP as a reader's browser asks it: a published site's
 * `urls.published` is an HTML site rendered from the live revisions of its spaces.
 */
let stack: TestStack;
let owner: TestUser;
let orgId: string;

beforeAll(async () => {
  // Two URLs per sitemap file: a site with more shows the index of files (the protocol's bound is 50,000).
  stack = await bootStack('pub', { env: { PUBLISHER_SITEMAP_MAX_URLS: '2' } });
  owner = await stack.newUser('owner');
  orgId = (await stack.newOrg(owner.token, 'Published Docs')).id;
});
afterAll(() => stack?.stop());

const api = async (method: string, path: string, body?: unknown, expected = [200, 201, 204, 205]) => {
  const res = await stack.call(method, path, { token: owner.token, body });
  if (!expected.includes(res.status)) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
};
const read = async (url: string) => {
  const res = await fetch(url, { redirect: 'manual' });
  return { status: res.status, headers: res.headers, text: await res.text() };
};
const sitePath = (siteId: string, rest = '') => `/v1/orgs/${orgId}/sites/${siteId}${rest}`;

// A 1x1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const GUIDE = [
  '# Guide',
  '',
  'Read [the setup](./setup.md) first.',
  '',
  '```js',
  "console.log('hello');",
  '```',
  '',
  '![Logo](logo)',
  '',
  "<script>window.pwned = 'script'</script>",
  '',
  '<img src="x.png" onerror="window.pwned = 1">',
  '',
  '[bad](javascript:alert(1)) <a href="javascript:alert(2)" onclick="alert(3)">worse</a>',
  '',
  '{% embed url="https://vimeo.com/76979871" %}',
  '',
  '<iframe src="https://evil.test/frame"></iframe>',
].join('\n');

/** Writes pages through a merged change request; returns the page ids by ref. */
async function writePages(spaceId: string, changes: object[]): Promise<Record<string, string>> {
  const cr = await api('POST', `/v1/spaces/${spaceId}/change-requests`, { subject: 'Content' });
  const authored = await api('POST', `/v1/spaces/${spaceId}/change-requests/${cr.id}/content?compat=false`, { changes });
  await api('POST', `/v1/spaces/${spaceId}/change-requests/${cr.id}/merge`);
  return Object.fromEntries(authored.changes.filter((c: { ref?: string }) => c.ref).map((c: { ref: string; page: { id: string } }) => [c.ref, c.page.id]));
}

async function newSpace(title: string, markdown = `Welcome to ${title}.`): Promise<{ id: string; pages: Record<string, string> }> {
  const { id } = await api('POST', `/v1/orgs/${orgId}/spaces`, { title });
  const pages = await writePages(id, [{ operation: 'insert_page', ref: 'home', title: `${title} home`, document: { markdown } }]);
  return { id, pages };
}

/** A published site showing `spaces`; returns it as the api answers after publishing. */
async function publishedSite(spaces: string[], body: object = {}): Promise<{ id: string; urls: { published: string } }> {
  const site = await api('POST', `/v1/orgs/${orgId}/sites`, { title: 'Handbook site', spaces, ...body });
  return api('POST', sitePath(site.id, '/publish'));
}

const hrefs = (html: string) => [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1].replace(/&amp;/g, '&'));

describe('a published public site', () => {
  let space: string;
  let site: { id: string; urls: { published: string } };
  let origin: string;

  beforeAll(async () => {
    ({ id: space } = await api('POST', `/v1/orgs/${orgId}/spaces`, { title: 'Handbook' }));
    await writePages(space, [
      { operation: 'insert_files', files: [{ name: 'logo.png', contentType: 'image/png', base64: PNG.toString('base64'), ref: 'logo' }] },
      { operation: 'insert_page', ref: 'guide', title: 'Guide', document: { markdown: GUIDE } },
      { operation: 'insert_page', ref: 'setup', title: 'Setup', into: 'guide', document: { markdown: 'Install it.' } },
      { operation: 'insert_page', ref: 'secret', title: 'Hidden page', hidden: true, document: { markdown: 'Not in the navigation.' } },
    ]);
    site = await publishedSite([space]);
    origin = new URL(site.urls.published).origin;
  });

  test('When a reader opens urls.published, Then it is the first page as HTML, with the navigation, a code block and an image from content', async () => {
    expect(site.urls.published).toBe(`${stack.publisherUrl}/${orgId}/${site.id}`);
    const page = await read(site.urls.published);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('x-robots-tag')).toBeNull();
    expect(page.text).toContain('<h1 id="guide">Guide</h1>');
    expect(page.text).toMatch(/<nav class="sidebar"[^>]*>.*Guide.*Setup/s);
    expect(page.text).not.toContain('Hidden page');
    expect(page.text).toMatch(/<pre class="shiki[^>]*><code class="language-js"><span class="line"><span style="[^"]+">console.<\/span><span style="--shiki-light:#6F42C1;--shiki-dark:#B392F0">log<\/span>/);
    const image = /<img src="([^"]+)" alt="Logo"/.exec(page.text)?.[1];
    expect(image).toMatch(new RegExp(`^/${orgId}/${site.id}/\\.files/`));
    const bytes = await fetch(`${origin}${image}`);
    expect(bytes.status).toBe(200);
    expect(bytes.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await bytes.arrayBuffer())).toEqual(PNG);
  });

  test('When a reader opens a nested page, Then it shows its breadcrumbs and the previous and next pages in reading order', async () => {
    const base = `/${orgId}/${site.id}`;
    const setup = await read(`${site.urls.published}/guide/setup`);
    expect(setup.text).toContain(`<nav class="breadcrumbs" aria-label="Breadcrumb"><ol><li><a href="${base}">Guide</a></li></ol></nav>`);
    expect(setup.text).toContain(`<nav class="pagination" aria-label="Previous and next pages"><a class="previous" rel="prev" href="${base}"><small>Previous</small>Guide</a></nav>`);
    const home = await read(site.urls.published);
    expect(home.text).toContain(`<a class="next" rel="next" href="${base}/guide/setup"><small>Next</small>Setup</a>`);
    expect(home.text).not.toContain('class="breadcrumbs"');
    // When the page last changed: its merge, this session.
    const updated = /<p class="updated">Last updated <time datetime="([^"]+)">[A-Z][a-z]{2} \d{1,2}, \d{4}<\/time><\/p>/.exec(home.text)?.[1];
    expect(Date.now() - Date.parse(updated ?? '')).toBeLessThan(10 * 60_000);
    expect(home.text).toMatch(/<link rel="icon" href="data:image\/svg\+xml,/);
  });

  test('When a model asks for llms.txt and llms-full.txt, Then it gets the pages a reader sees, as an index of their .md URLs and as one markdown document', async () => {
    const index = await read(`${site.urls.published}/llms.txt`);
    expect(index.status).toBe(200);
    expect(index.headers.get('content-type')).toMatch(/^text\/markdown/);
    expect(index.text).toMatch(/^# Handbook site\n\n## .+\n\n/);
    expect(index.text).toContain(`- [Guide](${site.urls.published}.md)\n- [Setup](${site.urls.published}/guide/setup.md)\n`);
    expect(index.text).not.toContain('Hidden page');
    const full = await read(`${site.urls.published}/llms-full.txt`);
    expect(full.status).toBe(200);
    expect(full.text).toContain(`# Setup\n\nSource: ${site.urls.published}/guide/setup.md\n\nInstall it.\n`);
    // Links lead where the pages are published, from anywhere.
    expect(full.text).toContain(`Read [the setup](${site.urls.published}/guide/setup) first.`);
    expect(full.text).not.toContain('Not in the navigation.');
    for (const listed of [...index.text.matchAll(/\]\(([^)]+)\)/g)].map((m) => m[1])) expect([listed, (await read(listed)).status]).toEqual([listed, 200]);
  });

  test('When the page links to another page, Then the link is that page’s published URL and it answers', async () => {
    const page = await read(site.urls.published);
    const link = hrefs(page.text).find((h) => h.endsWith('/guide/setup'));
    expect(link).toBe(`/${orgId}/${site.id}/guide/setup`);
    const setup = await read(`${origin}${link}`);
    expect(setup.status).toBe(200);
    expect(setup.text).toContain('Install it.');
    expect(setup.text).toContain('<a href="/' + orgId + '/' + site.id + '/guide/setup" aria-current="page">Setup</a>');
    // A hidden page is served by its URL, just not listed.
    expect((await read(`${site.urls.published}/hidden-page`)).text).toContain('Not in the navigation.');
  });

  test('When page markdown holds a script, an event handler or a javascript: URL, Then none of them reaches the HTML', async () => {
    const page = await read(site.urls.published);
    // The page's one script is its own, which its CSP allows by hash: nothing of the content's.
    expect(page.text.match(/<script/gi)).toEqual(['<script']);
    expect(page.headers.get('content-security-policy')).toMatch(/script-src 'sha256-[A-Za-z0-9+/]+=*';/);
    expect(page.text).not.toMatch(/onerror|onclick/i);
    expect(page.text).not.toMatch(/(href|src)="\s*javascript:/i);
    expect(page.text).not.toContain('pwned');
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
  });

  test('When a page embeds a known player or writes its own frame, Then only the player is framed, sandboxed, and the CSP frames nothing else', async () => {
    const page = await read(site.urls.published);
    expect(page.text).toContain('<iframe src="https://player.vimeo.com/video/76979871" title="Vimeo: https://vimeo.com/76979871" sandbox="allow-scripts allow-same-origin allow-popups allow-presentation"');
    expect(page.text).not.toContain('evil.test');
    const frameSrc = /frame-src ([^;]+);/.exec(page.headers.get('content-security-policy') ?? '')?.[1].split(' ');
    expect(frameSrc).toEqual(['https://www.youtube-nocookie.com', 'https://player.vimeo.com', 'https://www.loom.com', 'https://codesandbox.io']);
  });

  test('When a reader asks for <page URL>.md, Then the page is served as markdown', async () => {
    const setup = await read(`${site.urls.published}/guide/setup.md`);
    expect(setup.status).toBe(200);
    expect(setup.headers.get('content-type')).toMatch(/^text\/markdown/);
    expect(setup.text).toBe('Install it.');
    expect((await read(`${site.urls.published}.md`)).text).toContain('# Guide');
  });

  test('When a path names no page, Then the 404 page answers, marked noindex', async () => {
    for (const url of [`${site.urls.published}/no/such/page`, `${stack.publisherUrl}/${orgId}/not-a-site`, `${stack.publisherUrl}/`]) {
      const res = await read(url);
      expect({ url, status: res.status }).toEqual({ url, status: 404 });
      expect(res.text).toContain('Page not found');
      expect(res.headers.get('x-robots-tag')).toBe('noindex');
    }
  });

  test('When the site is public, Then robots.txt allows it and sitemap.xml lists its listed pages', async () => {
    const robots = await read(`${site.urls.published}/robots.txt`);
    expect(robots.text).toContain('Allow: /');
    expect(robots.text).toContain(`Sitemap: ${site.urls.published}/sitemap.xml`);
    const sitemap = await read(`${site.urls.published}/sitemap.xml`);
    expect(sitemap.headers.get('content-type')).toMatch(/xml/);
    const locs = [...sitemap.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual([site.urls.published, `${site.urls.published}/guide/setup`]);
  });

  test('When a change request is merged, Then the next loads show the new revision', async () => {
    const before = await read(`${site.urls.published}/guide/setup`);
    expect(before.text).toContain('Install it.');
    const pages = await api('GET', `/v1/spaces/${space}/content/pages`);
    const setupId = pages.pages[0].pages[0].id;
    await writePages(space, [{ operation: 'update_page', page: setupId, document: { markdown: 'Install it twice.' } }]);
    await eventually(async () => (await read(`${site.urls.published}/guide/setup`)).text.includes('Install it twice.'), 5000);
  });

  test("When the space is given a language, Then its published pages declare it", async () => {
    expect((await read(`${site.urls.published}/guide/setup`)).text).toContain('<html lang="en"');
    await api('PATCH', `/v1/spaces/${space}`, { language: 'de' });
    await eventually(async () => (await read(`${site.urls.published}/guide/setup`)).text.includes('<html lang="de"'), 5000);
    await api('PATCH', `/v1/spaces/${space}`, { language: 'en' });
  });
});

describe('visibility and indexing', () => {
  test('When the site is unlisted, Then every answer says noindex, robots.txt disallows and the sitemap is empty', async () => {
    const { id } = await newSpace('Unlisted');
    const site = await publishedSite([id], { visibility: 'unlisted' });
    const page = await read(site.urls.published);
    expect(page.status).toBe(200);
    expect(page.headers.get('x-robots-tag')).toBe('noindex');
    expect((await read(`${site.urls.published}/robots.txt`)).text).toBe('User-agent: *\nDisallow: /\n');
    const sitemap = await read(`${site.urls.published}/sitemap.xml`);
    expect(sitemap.headers.get('x-robots-tag')).toBe('noindex');
    expect(sitemap.text).not.toContain('<loc>');
  });

  test('When a public site has more pages than one sitemap file holds, Then sitemap.xml is an index of files that list them all in order, at most the bound each, made again after a merge', async () => {
    const { id } = await api('POST', `/v1/orgs/${orgId}/spaces`, { title: 'Many pages' });
    await writePages(id, ['One', 'Two', 'Three', 'Four', 'Five'].map((title) => ({ operation: 'insert_page', title, document: { markdown: `${title}.` } })));
    const site = await publishedSite([id]);
    const locsOf = async (url: string) => {
      const res = await read(url);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/xml/);
      return [...res.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    };
    const files = [1, 2, 3].map((part) => `${site.urls.published}/sitemap-${part}.xml`);
    expect((await read(`${site.urls.published}/sitemap.xml`)).text).toContain('<sitemapindex');
    expect(await locsOf(`${site.urls.published}/sitemap.xml`)).toEqual(files);
    const listed = await Promise.all(files.map(locsOf));
    expect(listed.map((l) => l.length)).toEqual([2, 2, 1]);
    expect(listed.flat()).toEqual([site.urls.published, ...['two', 'three', 'four', 'five'].map((path) => `${site.urls.published}/${path}`)]);
    expect((await read(`${site.urls.published}/sitemap-4.xml`)).status).toBe(404);
    // The files are kept between reads, and a merge makes them again.
    await writePages(id, [{ operation: 'insert_page', title: 'Six', document: { markdown: 'Six.' } }]);
    await eventually(async () => (await locsOf(files[2])).includes(`${site.urls.published}/six`), 5000);
    expect(await locsOf(files[2])).toEqual([`${site.urls.published}/five`, `${site.urls.published}/six`]);
  });
});

describe('blocks drawn from their files', () => {
  test('When a page holds a drawing (a JSON block of the official schema), Then readers see its file as an image, and its .md has it too', async () => {
    const { id: spaceId } = await api('POST', `/v1/orgs/${orgId}/spaces`, { title: 'Drawings' });
    await writePages(spaceId, [{ operation: 'insert_files', files: [{ name: 'sketch.png', contentType: 'image/png', base64: PNG.toString('base64') }] }]);
    const files = await api('GET', `/v1/spaces/${spaceId}/content/files`);
    const fileId = files.items[0].id;
    const drawing = { object: 'document', data: {}, nodes: [{ object: 'block', type: 'drawing', isVoid: true, data: { ref: { kind: 'file', file: fileId } } }] };
    await writePages(spaceId, [{ operation: 'insert_page', ref: 'sketch', title: 'Sketch', document: { document: drawing } }]);
    const site = await publishedSite([spaceId]);
    const page = await read(site.urls.published);
    const src = /<img src="([^"]+)" alt="Drawing"/.exec(page.text)?.[1];
    expect(src).toMatch(new RegExp(`^/${orgId}/${site.id}/\\.files/`));
    expect(Buffer.from(await (await fetch(`${stack.publisherUrl}${src}`)).arrayBuffer())).toEqual(PNG);
    expect((await read(`${site.urls.published}.md`)).text).toContain('![Drawing](');
  });
});

describe('urls.published of the structure', () => {
  test('When a site has site spaces and sections, Then the urls.published of each section and site space is a page that answers 200', async () => {
    const [first, second, third] = [await newSpace('Guides'), await newSpace('Changelog'), await newSpace('API')];
    const site = await publishedSite([first.id, second.id]);
    const siteSpaces = (await api('GET', sitePath(site.id, '/site-spaces'))).items;
    for (const ss of siteSpaces) {
      const page = await read(ss.urls.published);
      expect({ url: ss.urls.published, status: page.status }).toEqual({ url: ss.urls.published, status: 200 });
      expect(page.text).toContain(`Welcome to ${ss.space.title}.`);
    }
    // Two site spaces: a switcher between them.
    expect((await read(site.urls.published)).text).toMatch(/<nav class="variants".*Guides.*Changelog/s);

    await api('POST', sitePath(site.id, '/sections'), { spaceId: third.id, title: 'API' });
    const sections = (await api('GET', sitePath(site.id, '/sections'))).items;
    expect(sections).toHaveLength(2);
    for (const section of sections) {
      for (const url of [section.urls.published, ...section.siteSpaces.map((ss: { urls: { published: string } }) => ss.urls.published)]) {
        await eventually(async () => (await read(url)).status === 200, 2000);
      }
    }
    const home = await read(site.urls.published);
    expect(home.text).toMatch(/<nav class="tabs".*>Guides<.*>API</s);
    expect((await read(sections[1].urls.published)).text).toContain('Welcome to API.');
  });
});

describe('customization (docs/adr/0087)', () => {
  test('When an admin customizes the site and one of its site spaces through the API, Then the next load of their pages is drawn with it', async () => {
    const [first, second] = [await newSpace('Branded', '---\nicon: face-smile\n---\n\nWelcome to Branded <i class="fa-face-smile">:face-smile:</i>.\n\n```js\nconst answer = 42;\n```'), await newSpace('Branded v2')];
    const site = await publishedSite([first.id, second.id]);
    const [one, two] = (await api('GET', sitePath(site.id, '/site-spaces'))).items;
    expect((await read(one.urls.published)).text).toContain('<a class="site"');
    const { updatedAt: _, ...current } = await api('GET', sitePath(site.id, '/customization'));
    await api('PUT', sitePath(site.id, '/customization'), {
      ...current,
      title: 'Acme Docs',
      styling: { ...current.styling, primaryColor: { light: '#aa0000', dark: '#ff8888' }, icons: 'solid', codeTheme: { ...current.styling.codeTheme, default: { light: 'dracula', dark: 'github-dark' } } },
      header: { ...current.header, logo: { light: 'https://cdn.example.com/acme.png', dark: 'https://cdn.example.com/acme-dark.png' }, links: [{ title: 'Status', to: { kind: 'url', url: 'https://status.example.com' }, links: [] }] },
      footer: {
        groups: [
          { title: 'Company', links: [{ title: 'About', to: { kind: 'url', url: 'https://example.com/about' } }] },
          // Links to content: a page of the first space, the second space, a page of a space the site does not show.
          { title: 'Docs', links: [{ title: 'Start here', to: { kind: 'page', page: first.pages.home, space: first.id } }, { title: 'Version two', to: { kind: 'space', space: second.id } }, { title: 'Nowhere', to: { kind: 'page', page: 'nope', space: 'elsewhere' } }] },
        ],
        copyright: '© Acme',
      },
    });
    await api('PATCH', sitePath(site.id, `/site-spaces/${two.id}/customization`), { title: 'Acme Docs v2', themes: { default: 'dark' } });

    await eventually(async () => (await read(one.urls.published)).text.includes('<title>Branded home | Acme Docs</title>'), 3000);
    const page = (await read(one.urls.published)).text;
    expect(page).toContain('<img class="logo only-light" src="https://cdn.example.com/acme.png" alt="Acme Docs">');
    expect(page).toContain(':root{--radius:.4rem;--link:#aa0000}');
    // The site's icon set and code theme (docs/adr/0093).
    expect(page).toContain(`Welcome to Branded ${iconSvg('face-smile', 'solid')}.`);
    // The page's own icon, in the sidebar.
    expect(page).toContain(`${iconSvg('face-smile', 'solid')} Branded home</a>`);
    expect(page).toContain('--shiki-light-bg:#282A36');
    expect(page).toContain('<a href="https://status.example.com" class="header-link">Status</a>');
    expect(page).toContain('<p>Company</p><ul><li><a href="https://example.com/about">About</a></li></ul>');
    const [oneHref, twoHref] = [new URL(one.urls.published).pathname, new URL(two.urls.published).pathname];
    expect(page).toContain(`<p>Docs</p><ul><li><a href="${oneHref}">Start here</a></li><li><a href="${twoHref}">Version two</a></li></ul>`);
    expect(page).not.toContain('Nowhere');
    expect(page).not.toContain('data-theme="dark"');
    await eventually(async () => (await read(two.urls.published)).text.includes('<title>Branded v2 home | Acme Docs v2</title>'), 3000);
    expect((await read(two.urls.published)).text).toContain('<html lang="en" data-theme="dark">');
    // A missing page of the site keeps its frame.
    expect((await read(`${site.urls.published}/no-such-page`)).text).toContain('Back to Acme Docs');
  });
});

describe('redirects (docs/adr/0088)', () => {
  test('When a site has redirects, Then a path without a page follows the live one (a page of the space by its path, a captured wildcard), while pages and drafts are untouched', async () => {
    const { id: spaceId } = await api('POST', `/v1/orgs/${orgId}/spaces`, { title: 'Moved' });
    await writePages(spaceId, [
      { operation: 'insert_page', ref: 'home', title: 'Moved home', document: { markdown: 'Home.' } },
      { operation: 'insert_page', ref: 'setup', title: 'Setup', document: { markdown: 'Set it up.' } },
    ]);
    const site = await publishedSite([spaceId]);
    const base = `/${orgId}/${site.id}`;
    const created = await api('POST', sitePath(site.id, '/redirects'), { source: '/old-setup', permanent: true, destination: { kind: 'path', spaceId, path: 'setup' } });
    expect(created.destination).toEqual({ kind: 'site-page', siteSpaceId: expect.any(String), pageId: expect.any(String) });
    await api('PUT', sitePath(site.id, '/redirects'), {
      redirects: [
        { source: '/archive/*', captureWildcard: true, destination: { kind: 'external', url: 'https://archive.example.com/' } },
        { source: '/setup', destination: { kind: 'external', url: 'https://example.com/elsewhere' } },
        { source: '/soon', intent: 'draft', destination: { kind: 'external', url: 'https://example.com/soon' } },
      ],
    });

    await eventually(async () => (await read(`${site.urls.published}/old-setup`)).status === 308, 3000);
    const moved = await read(`${site.urls.published}/old-setup`);
    expect(moved.headers.get('location')).toBe(`${base}/setup`);
    expect((await read(`${stack.publisherUrl}${moved.headers.get('location')}`)).status).toBe(200);
    const archived = await read(`${site.urls.published}/archive/2024/notes`);
    expect({ status: archived.status, location: archived.headers.get('location') }).toEqual({ status: 307, location: 'https://archive.example.com/2024/notes' });
    // A page answers before any redirect; a draft is not live.
    expect((await read(`${site.urls.published}/setup`)).status).toBe(200);
    expect((await read(`${site.urls.published}/soon`)).status).toBe(404);
    const target = await api('GET', sitePath(site.id, '/redirect?source=/old-setup'));
    expect(target.target).toBe(`${site.urls.published}/setup`);
  });

  test('When a merge moves a page (renamed, or under a moved parent), Then its old URL leads to it for good, its .md to its .md, and a deleted page stays a 404 (docs/adr/0089)', async () => {
    const { id: spaceId } = await api('POST', `/v1/orgs/${orgId}/spaces`, { title: 'Moving' });
    const pages = await writePages(spaceId, [
      { operation: 'insert_page', ref: 'home', title: 'Moving home', document: { markdown: 'Home.' } },
      { operation: 'insert_page', ref: 'guides', title: 'Guides', document: { markdown: 'Guides.' } },
      { operation: 'insert_page', ref: 'setup', title: 'Setup', into: 'guides', document: { markdown: 'Set it up.' } },
      { operation: 'insert_page', ref: 'old', title: 'Old', document: { markdown: 'Soon gone.' } },
    ]);
    const site = await publishedSite([spaceId]);
    const base = `/${orgId}/${site.id}`;
    expect((await read(`${site.urls.published}/guides/setup`)).status).toBe(200);
    await writePages(spaceId, [
      { operation: 'update_page', page: pages.guides, slug: 'manuals' },
      { operation: 'delete_page', page: pages.old },
    ]);
    await eventually(async () => (await read(`${site.urls.published}/manuals/setup`)).status === 200, 3000);
    const moved = await read(`${site.urls.published}/guides/setup`);
    expect({ status: moved.status, location: moved.headers.get('location') }).toEqual({ status: 308, location: `${base}/manuals/setup` });
    expect((await read(`${site.urls.published}/guides`)).headers.get('location')).toBe(`${base}/manuals`);
    expect((await read(`${site.urls.published}/guides/setup.md`)).headers.get('location')).toBe(`${base}/manuals/setup.md`);
    expect((await read(`${site.urls.published}/old`)).status).toBe(404);
  });
});

describe('search (docs/adr/0090)', () => {
  const TABBED = ['# Guide', '', 'Read on.', '', '{% tabs %}', '{% tab title="macOS" %}', 'Use brew.', '{% endtab %}', '{% tab title="Linux" %}', '## Install on Linux', '', 'Run the zanzibar installer.', '{% endtab %}', '{% endtabs %}'].join('\n');

  test('When a reader or a member searches, Then a word only inside a tab of a page is found at its section, and a hidden page never is', async () => {
    const { id: spaceId } = await api('POST', `/v1/orgs/${orgId}/spaces`, { title: 'Searchable' });
    const pages = await writePages(spaceId, [
      { operation: 'insert_page', ref: 'home', title: 'Searchable home', document: { markdown: 'Welcome.' } },
      { operation: 'insert_page', ref: 'guide', title: 'Guide', document: { markdown: TABBED } },
      { operation: 'insert_page', ref: 'secret', title: 'Secret', hidden: true, document: { markdown: 'The zanzibar launch codes.' } },
      { operation: 'insert_page', ref: 'below', title: 'Below secret', into: 'secret', document: { markdown: 'More zanzibar.' } },
    ]);
    const site = await publishedSite([spaceId]);
    const base = `/${orgId}/${site.id}`;

    // The content worker indexes the merge: the member's search (the official operation) waits for it.
    let found: { count: number; items: Array<{ id: string; pages: Array<{ id: string; sections?: Array<{ path: string }> }> }> } = { count: 0, items: [] };
    await eventually(async () => (found = await api('POST', sitePath(site.id, '/search'), { query: 'zanzibar', scope: { mode: 'all' } })).items.length > 0, 10_000);
    expect(found.items).toHaveLength(1);
    expect(found.items[0].pages.map((p) => p.id)).toEqual([pages.guide]);
    expect(found.items[0].pages[0].sections?.map((s) => s.path)).toContain('guide#install-on-linux');

    const results = await read(`${site.urls.published}/.search?q=zanzibar`);
    expect(results.status).toBe(200);
    expect(results.headers.get('x-robots-tag')).toBe('noindex');
    expect(results.text).toContain(`<a href="${base}/guide#install-on-linux"><span class="hit-section">Install on Linux</span> <span class="hit-excerpt">Run the <mark>zanzibar</mark> installer.</span></a>`);
    expect(results.text).not.toContain('Secret');
    expect(results.text).not.toContain('launch codes');
    const fragment = await read(`${site.urls.published}/.search?q=zanzibar&fragment=1`);
    expect(fragment.text).toMatch(/^<ul class="search-hits">/);
    expect((await read(`${site.urls.published}/.search?q=nothing-like-it`)).text).toContain('No results for');
    // Every page carries the form that opens these results.
    expect((await read(site.urls.published)).text).toContain(`<form class="search" role="search" action="${base}/.search" method="get">`);
  });
});

describe('a custom hostname (docs/adr/0091)', () => {
  test('When a site has a custom hostname, Then that host serves it at its root, canonical links and the sitemap name it, and removing it soon ends that', async () => {
    const { id: spaceId } = await api('POST', `/v1/orgs/${orgId}/spaces`, { title: 'Hosted' });
    await writePages(spaceId, [
      { operation: 'insert_page', ref: 'home', title: 'Hosted home', document: { markdown: 'Home.' } },
      { operation: 'insert_page', ref: 'setup', title: 'Setup', document: { markdown: 'Set it up.' } },
    ]);
    const site = await publishedSite([spaceId]);
    const hostname = `docs-${site.id.toLowerCase()}.example.com`;
    const patched = await api('PATCH', sitePath(site.id), { hostname });
    expect(patched.urls.published).toBe(`https://${hostname}`);
    // A reverse proxy in front of the publisher forwards the reader's Host.
    const atHost = (path: string) => fetch(`${stack.publisherUrl}${path}`, { headers: { 'x-forwarded-host': hostname }, redirect: 'manual' }).then(async (res) => ({ status: res.status, text: await res.text() }));

    await eventually(async () => (await atHost('/')).status === 200, 3000);
    const home = await atHost('/');
    expect(home.text).toContain('Hosted home');
    expect(home.text).toContain(`<link rel="canonical" href="https://${hostname}/">`);
    expect(home.text).toContain('<a class="next" rel="next" href="/setup">');
    const setup = await atHost('/setup');
    expect(setup.text).toContain(`<link rel="canonical" href="https://${hostname}/setup">`);
    expect((await atHost('/sitemap.xml')).text).toContain(`<loc>https://${hostname}/setup</loc>`);
    // Reached by its publisher address, the site still names its hostname as canonical.
    expect((await read(`${stack.publisherUrl}/${orgId}/${site.id}/setup`)).text).toContain(`<link rel="canonical" href="https://${hostname}/setup">`);

    await api('DELETE', `/v1/custom-hostnames/${hostname}`);
    await eventually(async () => (await atHost('/')).status === 404, 10_000, 20);
  });
});

describe('freshness', () => {
  // The bounds say that it happens, not how fast (that is bench/published.ts's): a loaded CI machine may take seconds.
  const gone = (url: string) => eventually(async () => (await read(url)).status === 404, 10_000, 20);
  /** Two reads: the second is answered from the publisher's front cache (the first fills it). */
  const readTwice = async (url: string) => {
    expect((await read(url)).status).toBe(200);
    expect((await read(url)).status).toBe(200);
  };

  test('When an anonymous reader asks again, Then the same page and headers come back (from the front cache), and a 304 for the ETag they hold', async () => {
    const { id } = await newSpace('Read again');
    const site = await publishedSite([id]);
    const first = await read(site.urls.published);
    // Express names every request it answers; the front cache answers before express, for nobody in particular.
    // (The site's own events may still be arriving: a page rendered before one of them is not kept, so the
    // front cache may take a read or two to hold it.)
    expect(first.headers.get('x-request-id')).toEqual(expect.any(String));
    let again = first;
    await eventually(async () => (again = await read(site.urls.published)).headers.get('x-request-id') === null, 2000);
    expect(again.text).toBe(first.text);
    for (const header of ['content-type', 'content-security-policy', 'etag', 'cache-control', 'x-content-type-options']) expect([header, again.headers.get(header)]).toEqual([header, first.headers.get(header)]);
    // Not logged, but counted with the requests express answers (dp_http_requests_total; the stack's processes share one registry).
    const counted = async () => metricValue(await registry.metrics(), 'dp_http_requests_total', { process: 'sites-publisher', route: '/*page', status: '304' }) ?? 0;
    // An entry lives as long as the site's view (1 s): on a loaded machine it may expire between two reads, so a
    // round fills the cache again before asking with the ETag, until the front cache is what answered it.
    await eventually(async () => {
      await read(site.urls.published);
      const before = await counted();
      const cached = await fetch(site.urls.published, { headers: { 'if-none-match': first.headers.get('etag')! } });
      expect(cached.status).toBe(304);
      if (cached.headers.get('x-request-id') !== null) return false;
      expect(await counted()).toBe(before + 1);
      return true;
    }, 5000);
  });

  test('When the site is unpublished behind the publisher’s back (no event), Then it still soon answers 404 (its view expires)', async () => {
    const { id } = await newSpace('Quietly unpublished');
    const site = await publishedSite([id]);
    await readTwice(site.urls.published);
    await stack.schemaDb('sites')('sites').where({ id: site.id }).update({ published: false });
    await gone(site.urls.published);
  });

  test('When the site is unpublished, Then it soon answers 404', async () => {
    const { id } = await newSpace('Soon unpublished');
    const site = await publishedSite([id]);
    await readTwice(site.urls.published);
    await api('POST', sitePath(site.id, '/unpublish'));
    await gone(site.urls.published);
  });

  test('When the site is deleted, Then it soon answers 404', async () => {
    const { id } = await newSpace('Soon deleted site');
    const site = await publishedSite([id]);
    await readTwice(site.urls.published);
    await api('DELETE', sitePath(site.id));
    await gone(site.urls.published);
  });

  test('When the spaces of the site are deleted, Then it soon answers 404', async () => {
    const { id } = await newSpace('Soon deleted space');
    const site = await publishedSite([id]);
    await readTwice(site.urls.published);
    await api('DELETE', `/v1/spaces/${id}`);
    await gone(site.urls.published);
  });
});

describe('the navigation of a big space (docs/adr/0084)', () => {
  test('When a space holds more pages than a page shows whole, Then a page lists its branch, and a node s pages load from the navigation route of a revision the reader sees', async () => {
    const { id } = await api('POST', `/v1/orgs/${orgId}/spaces`, { title: 'Big space' });
    const pages = await writePages(id, [
      { operation: 'insert_page', ref: 'other', title: 'Other', document: { markdown: 'Elsewhere.' } },
      { operation: 'insert_page', ref: 'big', title: 'Big', document: { markdown: 'Many pages below.' } },
    ]);
    // 210 pages under Big, 50 changes a batch at most.
    for (let batch = 0; batch < 5; batch++) {
      await writePages(id, Array.from({ length: 42 }, (_, i) => ({ operation: 'insert_page', title: `Leaf ${batch * 42 + i}`, into: pages.big, document: { markdown: 'A leaf.' } })));
    }
    const site = await publishedSite([id]);
    const home = await read(site.urls.published);
    expect(home.status).toBe(200);
    // Off the current page's branch, Big lists none of its 210 pages.
    expect(home.text).not.toContain('Leaf 1');
    const revision = (await api('GET', `/v1/spaces/${id}`)).revision;
    const fragment = await read(`${site.urls.published}/.nav/${id}/${revision}/${pages.big}`);
    expect(fragment.status).toBe(200);
    expect(fragment.headers.get('content-type')).toMatch(/^text\/html/);
    expect(fragment.text.match(/<li class="nav-page"><a href="[^"]+\/big\/leaf-\d+">Leaf \d+<\/a><\/li>/g)).toHaveLength(210);
    // Another revision (or space) than the site shows, and unknown nodes, are not found.
    expect((await read(`${site.urls.published}/.nav/${id}/other-revision/${pages.big}`)).status).toBe(404);
    expect((await read(`${site.urls.published}/.nav/notaspaceofthissite/${revision}/${pages.big}`)).status).toBe(404);
    expect((await read(`${site.urls.published}/.nav/${id}/${revision}/nosuchnode`)).status).toBe(404);
  });
});

describe('OpenAPI blocks on a published page (docs/adr/0083)', () => {
  const BLOCK = '{% openapi-operation spec="pets-api" path="/pets/{petId}" method="get" %}\n{% endopenapi-operation %}\n\n{% openapi-webhook spec="pets-api" name="newPet" method="post" %}\n{% endopenapi-webhook %}\n\n{% openapi-schemas spec="pets-api" schemas="Pet" grouped="false" %}\n{% endopenapi-schemas %}';

  test("When a page names an operation of its organization's spec, Then readers see it whole; another organization's page naming the same slug sees only its method and path", async () => {
    expect((await stack.call('POST', `/v1/orgs/${orgId}/openapi`, { token: owner.token, body: { slug: 'pets-api', source: { text: PETS_SPEC } } })).status).toBe(201);
    await eventually(async () => (await stack.call('GET', `/v1/orgs/${orgId}/openapi/pets-api`, { token: owner.token })).body.lastVersion !== undefined, 20_000, 100);
    const { id } = await newSpace('API guide', `Call it like this.\n\n${BLOCK}`);
    const site = await publishedSite([id]);
    const page = await read(site.urls.published);
    expect(page.status).toBe(200);
    expect(page.text).toContain('<p class="openapi-signature"><span class="openapi-method openapi-method-get">GET</span> <code>/pets/{petId}</code></p>');
    expect(page.text).toContain('<p class="openapi-summary"><strong>Read a pet</strong></p>');
    expect(page.text).toContain('<tr><td><code>petId</code> <span class="openapi-required">required</span></td><td>path</td><td>string (uuid)</td><td>Which pet</td></tr>');
    expect(page.text).toContain('<li><code>owner</code> <span class="openapi-type">object</span><ul class="openapi-fields"><li><code>email</code> <span class="openapi-type">string</span></li></ul></li>');
    expect(page.text).toContain('<p class="openapi-signature"><span class="openapi-webhook-label">Webhook</span> <span class="openapi-method openapi-method-post">POST</span> <code>newPet</code></p>');
    expect(page.text).toContain('<li><code>petId</code> <span class="openapi-type">string</span> The new pet</li>');
    expect(page.text).toContain('<details open><summary><code>Pet</code> <span class="openapi-type">object</span></summary>\n<p>A pet of the store</p>');

    // Another organization, the same slug in its page: the spec is looked up in its own organization only.
    const stranger = await stack.newUser('stranger');
    const strangerOrg = (await stack.newOrg(stranger.token, 'Other docs')).id;
    const as = async (method: string, path: string, body?: unknown) => (await stack.call(method, path, { token: stranger.token, body })).body;
    const space = await as('POST', `/v1/orgs/${strangerOrg}/spaces`, { title: 'Theirs' });
    const cr = await as('POST', `/v1/spaces/${space.id}/change-requests`, { subject: 'Content' });
    await as('POST', `/v1/spaces/${space.id}/change-requests/${cr.id}/content?compat=false`, { changes: [{ operation: 'insert_page', title: 'Probe', document: { markdown: BLOCK } }] });
    await as('POST', `/v1/spaces/${space.id}/change-requests/${cr.id}/merge`);
    const theirSite = await as('POST', `/v1/orgs/${strangerOrg}/sites`, { title: 'Their site', spaces: [space.id] });
    const published = await as('POST', `/v1/orgs/${strangerOrg}/sites/${theirSite.id}/publish`);
    const probe = await read(published.urls.published);
    expect(probe.status).toBe(200);
    expect(probe.text).toContain('<div class="openapi-operation"><p><code>GET /pets/{petId}</code></p>');
    expect(probe.text).not.toContain('Read a pet');
  });
});

describe('integration blocks on a published page (docs/adr/0094)', () => {
  test('When a page holds a block of an integration installed on its space, Then readers see what the integration renders; a block of one not installed there shows its text', async () => {
    const { id: spaceId } = await api('POST', `/v1/orgs/${orgId}/spaces`, { title: 'Status' });
    const name = `status-${Date.now().toString(36)}`;
    await installStatusIntegration(stack, owner.token, orgId, spaceId, name);
    const paragraph = (text: string) => ({ object: 'block', type: 'paragraph', nodes: [{ object: 'text', leaves: [{ object: 'leaf', text, marks: [] }] }] });
    const document = { object: 'document', data: {}, nodes: [paragraph('Our services:'), statusBlock(name, 'api'), statusBlock('not-installed-here', 'db')] };
    await writePages(spaceId, [{ operation: 'insert_page', ref: 'status', title: 'Status', document: { document } }]);
    const site = await publishedSite([spaceId]);
    const page = await read(site.urls.published);
    expect(page.status).toBe(200);
    expect(page.text).toContain('<div class="integration-block"><div class="ck-block"><strong>Status of api: operational</strong><a class="ck-button" href="https://status.example.com/">Status page</a></div></div>');
    expect(page.text).not.toContain('Status of db');
  });
});

describe('page feedback (docs/adr/0093)', () => {
  const post = (url: string, body: Record<string, string>, accept = 'text/html', cookie?: string) =>
    fetch(url, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded', accept, ...(cookie ? { cookie } : {}) }, body: new URLSearchParams(body) });

  test('When a site asks for feedback, Then its readers rate pages (with or without a script), members read the ratings, and nothing else is taken', async () => {
    const space = await newSpace('Rated');
    const site = await publishedSite([space.id]);
    expect((await read(site.urls.published)).text).not.toContain('class="feedback"');
    const { updatedAt: _, ...current } = await api('GET', sitePath(site.id, '/customization'));
    await api('PUT', sitePath(site.id, '/customization'), { ...current, feedback: { enabled: true } });
    await eventually(async () => (await read(site.urls.published)).text.includes('<form class="feedback"'), 3000);
    const page = (await read(site.urls.published)).text;
    const action = new URL(page.match(/<form class="feedback" method="post" action="([^"]+)">/)![1], site.urls.published).href;
    const fields = Object.fromEntries([...page.matchAll(/<input type="hidden" name="(siteSpace|page)" value="([^"]+)">/g)].map((m) => [m[1], m[2]]));
    expect(fields.page).toBe(space.pages.home);

    // Without a script: the form posts, the reader gets a thank-you page and a visitor cookie.
    const plain = await post(action, { ...fields, rating: 'good' });
    expect(plain.status).toBe(200);
    expect(await plain.text()).toContain('Thanks for your feedback!');
    const cookie = plain.headers.get('set-cookie')!.split(';')[0];
    expect(cookie).toMatch(/^dp_visitor=[0-9a-f-]{36}$/);
    // The page script asks for JSON; the same visitor rates again.
    expect((await post(action, { ...fields, rating: 'bad' }, 'application/json', cookie)).status).toBe(204);
    // A page the site does not show, a rating that is not one: nothing recorded.
    expect((await post(action, { ...fields, page: 'not-a-page', rating: 'good' })).status).toBe(404);
    expect((await post(action, { ...fields, rating: 'excellent' })).status).toBe(404);

    const byPage = await api('POST', sitePath(site.id, '/insights/events/aggregate'), { range: 'last24Hours', groupBy: [{ column: 'page' }], select: [{ column: 'page' }, { column: 'pageFeedbackRating' }, { column: 'visitorsCount' }] });
    expect(byPage.columns).toEqual([
      { column: 'page', values: [{ page: space.pages.home, space: space.id }] },
      { column: 'pageFeedbackRating', values: [{ ok: 0, good: 1, bad: 1 }] },
      { column: 'visitorsCount', values: [1] },
    ]);

    // A flood from one address is cut at FEEDBACK_PER_MINUTE (20 a minute, two taken above).
    const statuses = await Promise.all(Array.from({ length: 25 }, () => post(action, { ...fields, rating: 'ok' }, 'application/json').then((r) => r.status)));
    // (A token comes back every 3 s: a slow run may let one more through.)
    const accepted = statuses.filter((s) => s === 204).length;
    expect(accepted).toBeGreaterThanOrEqual(16);
    expect(accepted).toBeLessThanOrEqual(18);
    expect(statuses.filter((s) => s === 429)).toHaveLength(25 - accepted);
  });

  test('When a site does not ask for feedback, Then a rating posted anyway is a 404', async () => {
    const space = await newSpace('Unrated');
    const site = await publishedSite([space.id]);
    const [siteSpace] = (await api('GET', sitePath(site.id, '/site-spaces'))).items;
    expect((await post(`${site.urls.published}/.feedback`, { siteSpace: siteSpace.id, page: space.pages.home, rating: 'good' })).status).toBe(404);
  });
});

describe('reusable contents (docs/adr/0109)', () => {
  test('When a page includes a reusable content, Then readers see its blocks and links in place, in the page and its .md; its edits show on the next revision', async () => {
    const { id: spaceId } = await api('POST', `/v1/orgs/${orgId}/spaces`, { title: 'Shared' });
    await writePages(spaceId, [
      { operation: 'insert_reusable_content', ref: 'support', title: 'Support', document: { markdown: '{% hint style="info" %}\nStuck? Read [the FAQ](./faq.md).\n{% endhint %}' } },
      { operation: 'insert_page', ref: 'intro', title: 'Intro', document: { markdown: 'Welcome.\n\n{% include "./support" %}' } },
      { operation: 'insert_page', ref: 'faq', title: 'FAQ', document: { markdown: 'Answers.' } },
    ]);
    const site = await publishedSite([spaceId]);
    const page = await read(site.urls.published);
    expect(page.text).toMatch(/<div class="hint hint-info"[^>]*>[\s\S]*Stuck\? Read <a href="[^"]*\/faq">the FAQ<\/a>/);
    expect((await read(`${site.urls.published}.md`)).text).toContain(`Stuck? Read [the FAQ](${site.urls.published}/faq).`);
    const [reusable] = (await api('GET', `/v1/spaces/${spaceId}/content`)).reusableContents;
    await writePages(spaceId, [{ operation: 'update_reusable_content', reusableContent: reusable.id, document: { markdown: 'Ask the support desk.' } }]);
    await eventually(async () => (await read(site.urls.published)).text.includes('Ask the support desk.'), 5000);
  });
});
