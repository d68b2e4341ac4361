import {
  backlinks,
  brokenPairs,
  directoryOf,
  extractHrefs,
  groupLinks,
  indexRevision,
  introducedBroken,
  joinPath,
  linkStats,
  resolveHref,
  resolveRevisionLinks,
} from '../../src/domain/links';
import type { FileEntry, PageNode } from '../../src/domain/revision/types';
import { markdownFromDocument } from '../../src/domain/revision/document-to-markdown';
import { rewriteLinks } from '../../src/domain/revision/markdown';

const page = (id: string, slug: string, parent: string | null = null, documentHash: string | null = `h-${id}`): PageNode => ({
  id,
  parent,
  type: documentHash ? 'document' : 'group',
  title: slug,
  slug,
  hidden: false,
  noIndex: false,
  noRobotsIndex: false,
  documentHash,
  createdAt: '2026-11-22T00:00:00.000Z',
  updatedAt: '2026-11-22T00:00:00.000Z',
});
const file = (id: string, name: string): FileEntry => ({ id, name, contentType: 'image/png', size: 1, blobHash: `b-${id}` });

// home (home.md), guide/ (guide/README.md) with setup (guide/setup.md) and advanced/ (guide/advanced/README.md)
// holding tuning (guide/advanced/tuning.md); faq (faq.md).
const pages = [
  page('home', 'home'),
  page('guide', 'guide'),
  page('setup', 'setup', 'guide'),
  page('advanced', 'advanced', 'guide'),
  page('tuning', 'tuning', 'advanced'),
  page('faq', 'faq'),
];
const files = [file('img', 'diagram.png'), file('pdf', 'manual v2.pdf')];
const index = indexRevision({ pages, files });
const opts = { appUrl: 'https://app.example.com/app' };
const resolve = (href: string, from = 'home') => resolveHref(href, from, index, opts);

describe('extracting hrefs', () => {
  test('When a document has inline links, images, references, autolinks, HTML and GitBook blocks, Then each target is listed once, code aside', () => {
    const markdown = [
      'See [setup](./setup.md) and ![d](/files/img "Diagram") and [again](./setup.md).',
      'A [ref link][r] and <https://example.com/auto>.',
      '<img src="../.gitbook/assets/diagram.png" alt="x"> <a href="/pages/faq">faq</a>',
      '{% file src="/files/pdf" %}',
      '`[not](/pages/code)`',
      '```',
      '[not either](/pages/fenced)',
      '```',
      '[r]: https://example.com/ref "Title"',
      '[^1]: a footnote, not a link',
    ].join('\n');
    expect(extractHrefs(markdown)).toEqual([
      './setup.md',
      '/files/img',
      'https://example.com/ref',
      'https://example.com/auto',
      '../.gitbook/assets/diagram.png',
      '/pages/faq',
      '/files/pdf',
    ]);
  });
});

describe('rewriting hrefs', () => {
  const upper = (href: string) => (href.startsWith('/') ? href.toUpperCase() : undefined);

  test('When a document links in every place GitBook markdown does, Then each target is rewritten there and nothing else changes, code aside', () => {
    const markdown = [
      'See [setup](/pages/a#x) and ![d](/files/img "Diagram") and [out](https://example.com).',
      '<figure><img src="/files/img" alt="x"><figcaption><p>Caption</p></figcaption></figure>',
      "<a href='/pages/b' class=\"card\">b</a> <td><a href=\"/pages/c\">c</a></td>",
      '{% file src="/files/pdf" %}',
      '{% content-ref url="/pages/d" %}',
      '[d](/pages/d)',
      '{% endcontent-ref %}',
      '{% embed url="https://example.com/video" %}',
      '`[not](/pages/code)` [r]: /pages/not-a-definition',
      '```',
      '[not either](/pages/fenced) <img src="/files/fenced">',
      '```',
      '[r]: /pages/ref "Title"',
    ].join('\n');
    expect(rewriteLinks(markdown, upper)).toBe(
      [
        'See [setup](/PAGES/A#X) and ![d](/FILES/IMG "Diagram") and [out](https://example.com).',
        '<figure><img src="/FILES/IMG" alt="x"><figcaption><p>Caption</p></figcaption></figure>',
        "<a href='/PAGES/B' class=\"card\">b</a> <td><a href=\"/PAGES/C\">c</a></td>",
        '{% file src="/FILES/PDF" %}',
        '{% content-ref url="/PAGES/D" %}',
        '[d](/PAGES/D)',
        '{% endcontent-ref %}',
        '{% embed url="https://example.com/video" %}',
        '`[not](/pages/code)` [r]: /pages/not-a-definition',
        '```',
        '[not either](/pages/fenced) <img src="/files/fenced">',
        '```',
        '[r]: /PAGES/REF "Title"',
      ].join('\n'),
    );
  });

  test('When an HTML attribute holds escaped characters, Then the rewrite reads them unescaped and writes its target escaped', () => {
    const seen: string[] = [];
    const out = rewriteLinks('<img src="a&amp;b.png"> <a href=\'x\'>x</a>', (href) => (seen.push(href), href === 'x' ? "it's & more" : 'c&d "e".png'));
    expect(seen).toEqual(['a&b.png', 'x']);
    expect(out).toBe('<img src="c&amp;d &quot;e&quot;.png"> <a href=\'it&#39;s &amp; more\'>x</a>');
  });
});

describe('paths', () => {
  test('When a relative path is joined, Then . and .. are resolved, and climbing above the root gives nothing', () => {
    expect(joinPath('guide/advanced', '../setup.md')).toBe('guide/setup.md');
    expect(joinPath('guide', './a/./b.md')).toBe('guide/a/b.md');
    expect(joinPath('', 'manual%20v2.md')).toBe('manual v2.md');
    expect(joinPath('guide', '../../x.md')).toBeUndefined();
  });

  test('When a page has children, Then its links resolve from its own folder; otherwise from its parent’s', () => {
    expect(directoryOf('guide', index)).toBe('guide');
    expect(directoryOf('setup', index)).toBe('guide');
    expect(directoryOf('tuning', index)).toBe('guide/advanced');
    expect(directoryOf('faq', index)).toBe('');
  });
});

describe('resolving a link', () => {
  test('When it is /pages/<id> or /files/<id>, Then it targets that page or file, broken when absent from the revision', () => {
    expect(resolve('/pages/setup')).toEqual({ key: 'page:setup', status: 'ok', target: { kind: 'page', page: 'setup' } });
    expect(resolve('/pages/setup#install')).toEqual({ key: 'anchor:setup#install', status: 'ok', target: { kind: 'anchor', page: 'setup', anchor: 'install' } });
    expect(resolve('/pages/gone')).toEqual({ key: 'page:gone', status: 'broken', target: { kind: 'page', page: 'gone' } });
    expect(resolve('/files/img')).toEqual({ key: 'file:img', status: 'ok', target: { kind: 'file', file: 'img' } });
    expect(resolve('/files/gone')).toMatchObject({ status: 'broken', target: { kind: 'file', file: 'gone' } });
  });

  test('When it is a relative .md path, Then it resolves from the linking page as Git Sync lays pages out', () => {
    expect(resolve('guide/setup.md', 'faq')).toMatchObject({ status: 'ok', target: { page: 'setup' } });
    expect(resolve('./setup.md', 'tuning')).toMatchObject({ status: 'broken', target: { kind: 'url', url: './setup.md' } });
    expect(resolve('../setup.md', 'tuning')).toMatchObject({ status: 'ok', target: { page: 'setup' } });
    expect(resolve('advanced/tuning.md', 'setup')).toMatchObject({ status: 'ok', target: { page: 'tuning' } });
    expect(resolve('setup.md', 'guide')).toMatchObject({ status: 'ok', target: { page: 'setup' } });
    expect(resolve('README.md', 'setup')).toMatchObject({ status: 'ok', target: { page: 'guide' } });
    expect(resolve('./advanced/README.md#knobs', 'setup')).toMatchObject({ status: 'ok', target: { kind: 'anchor', page: 'advanced', anchor: 'knobs' } });
    expect(resolve('../README.md', 'setup')).toMatchObject({ status: 'ok', target: { page: 'home' } });
    expect(resolve('../../../faq.md', 'tuning')).toMatchObject({ status: 'broken', target: { kind: 'url', url: '../../../faq.md' } });
    expect(resolve('/guide/setup.md', 'tuning')).toMatchObject({ status: 'ok', target: { page: 'setup' } });
    expect(resolve('missing.md')).toEqual({ key: 'url:missing.md', status: 'broken', target: { kind: 'url', url: 'missing.md' } });
  });

  test('When it is a .gitbook/assets path, Then it targets the file of that name', () => {
    expect(resolve('../.gitbook/assets/diagram.png', 'setup')).toMatchObject({ key: 'file:img', status: 'ok' });
    expect(resolve('.gitbook/assets/manual%20v2.pdf')).toMatchObject({ key: 'file:pdf', status: 'ok' });
    expect(resolve('.gitbook/assets/nope.png')).toMatchObject({ status: 'broken', target: { kind: 'url' } });
  });

  test('When it is an absolute slug path, Then it targets the page of that path, broken when there is none', () => {
    expect(resolve('/guide/advanced/tuning', 'faq')).toMatchObject({ key: 'page:tuning', status: 'ok' });
    expect(resolve('/guide/setup/?x=1#step-2')).toMatchObject({ key: 'anchor:setup#step-2', status: 'ok' });
    expect(resolve('/')).toMatchObject({ key: 'page:home', status: 'ok' });
    expect(resolve('/guide/nope')).toEqual({ key: 'url:/guide/nope', status: 'broken', target: { kind: 'url', url: '/guide/nope' } });
  });

  test('When it is a URL, Then it is ok, or in-app when it points into the web app; other schemes and bare anchors are ignored', () => {
    expect(resolve('https://example.com/a')).toEqual({ key: 'url:https://example.com/a', status: 'ok', target: { kind: 'url', url: 'https://example.com/a' } });
    expect(resolve('https://app.example.com/app/s/space1/guide')).toMatchObject({ status: 'in-app' });
    expect(resolve('https://app.example.com/application')).toMatchObject({ status: 'ok' });
    expect(resolve('https://app.example.com/')).toMatchObject({ status: 'ok' });
    expect(resolve('//app.example.com/app')).toMatchObject({ status: 'in-app' });
    for (const ignored of ['mailto:a@example.com', 'tel:+33', '#top', 'javascript:alert(1)', 'setup', './image.png', '']) expect(resolve(ignored)).toBeUndefined();
  });

  test('When the app is at the root of its host, Then every URL of that host is in-app', () => {
    expect(resolveHref('http://localhost:3000/s/x', 'home', index, { appUrl: 'http://localhost:3000' })).toMatchObject({ status: 'in-app' });
    expect(resolveHref('http://localhost:4000/s/x', 'home', index, { appUrl: 'http://localhost:3000' })).toMatchObject({ status: 'ok' });
  });
});

describe('links of a revision', () => {
  const hrefs = new Map<string, string[]>([
    ['h-home', ['/pages/setup', 'guide/setup.md', '/guide/nope', 'https://example.com', 'mailto:x@y.z']],
    ['h-faq', ['/pages/setup', '/files/img', '/guide/nope']],
    ['h-setup', ['../faq.md', '../.gitbook/assets/diagram.png', './setup.md#self']],
  ]);
  const links = resolveRevisionLinks(index, hrefs, opts);

  test('When pages link to the same target in several ways, Then each page counts once per target, in reading order', () => {
    expect(links.map((l) => `${l.from}→${l.key}`)).toEqual([
      'home→page:setup',
      'home→url:/guide/nope',
      'home→url:https://example.com',
      'setup→page:faq',
      'setup→file:img',
      'setup→anchor:setup#self',
      'faq→page:setup',
      'faq→file:img',
      'faq→url:/guide/nope',
    ]);
  });

  test('When links are grouped, Then each target lists its pages, and stats count targets and broken ones', () => {
    const groups = groupLinks(links);
    expect(groups.map((g) => [g.key, g.status, g.from])).toEqual([
      ['page:setup', 'ok', ['home', 'faq']],
      ['url:/guide/nope', 'broken', ['home', 'faq']],
      ['url:https://example.com', 'ok', ['home']],
      ['page:faq', 'ok', ['setup']],
      ['file:img', 'ok', ['setup', 'faq']],
      ['anchor:setup#self', 'ok', ['setup']],
    ]);
    expect(linkStats(groups, 3)).toEqual({ total: 6, broken: { total: 1, changeRequest: 3 } });
  });

  test('When backlinks are asked, Then they are the pages linking to the page (anchors included) or to the file', () => {
    expect(backlinks(links, { page: 'setup' })).toEqual(['home', 'setup', 'faq']);
    expect(backlinks(links, { file: 'img' })).toEqual(['setup', 'faq']);
    expect(backlinks(links, { page: 'tuning' })).toEqual([]);
  });

  test('When only some pages are kept, Then only their links are resolved', () => {
    expect(resolveRevisionLinks(index, hrefs, opts, (p) => p.id === 'faq').map((l) => l.key)).toEqual(['page:setup', 'file:img', 'url:/guide/nope']);
  });

  test('When a change request deletes a linked page and adds a broken link, Then both are introduced; what was broken in main is not', () => {
    const crIndex = indexRevision({ pages: pages.filter((p) => p.id !== 'setup'), files });
    const crHrefs = new Map(hrefs).set('h-faq', ['/pages/setup', '/files/img', '/guide/nope', '/pages/new-typo']);
    const crLinks = resolveRevisionLinks(crIndex, crHrefs, opts);
    const introduced = introducedBroken(crLinks, brokenPairs(links));
    expect([...introduced].sort()).toEqual(['page:new-typo', 'page:setup', 'url:guide/setup.md']);
    expect(introducedBroken(links, brokenPairs(links)).size).toBe(0);
  });
});

describe('links inside blocks kept in the documented form (docs/adr/0072)', () => {
  const text = (value: string) => ({ object: 'text', leaves: [{ object: 'leaf', text: value, marks: [] }] });
  const mention = (ref: object) => ({ object: 'inline', type: 'mention', isVoid: true, data: { ref } });
  const paragraph = (...nodes: object[]) => ({ object: 'block', type: 'paragraph', data: {}, nodes });

  test('When a kept block mentions a page, or a URL, or holds a ref markdown cannot link to (a user), Then the page and the URL are links and the user is skipped', () => {
    const document = {
      object: 'document',
      data: {},
      nodes: [paragraph(text('See '), mention({ kind: 'page', page: 'p1' }), text(' and '), mention({ kind: 'user', user: 'u1' }))],
    };
    const markdown = markdownFromDocument(document, 'document', { kept: true });
    expect(markdown).toContain('{% json block=');
    expect(extractHrefs(markdown).sort()).toEqual(['/pages/p1']);
    const withUrl = markdownFromDocument({ ...document, nodes: [paragraph(mention({ kind: 'url', url: 'https://docs.example/a' }))] }, 'document', { kept: true });
    expect(extractHrefs(withUrl)).toEqual(['https://docs.example/a']);
  });

  test('When a hand-written form nests far deeper than any document, or is not base64 JSON, Then reading its links neither throws nor recurses without end', () => {
    let deep: object = { ref: { kind: 'url', url: 'https://deep.example' } };
    for (let i = 0; i < 1_000; i++) deep = { nodes: [deep] };
    const form = (json: string) => `{% json block="${Buffer.from(json).toString('base64url')}" %}\n{% endjson %}`;
    expect(extractHrefs(form(JSON.stringify(deep)))).toEqual([]);
    expect(extractHrefs('{% json block="not-json" %}\n{% endjson %}')).toEqual([]);
  });
});
