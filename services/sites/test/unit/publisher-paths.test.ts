import { buildNavTree, findPage, indexPages, type TreePage } from '../../src/publisher/nav-tree';
import { pathSegments, siteAddressOf, proxyMount } from '../../src/publisher/site-address';
import { resolvePagePath } from '../../src/publisher/site-urls';
import { layoutCondition, type LayoutSection, type SiteLayout } from '../../src/publisher/site-layout';
import { visibleStructure } from '../../src/publisher/visible-structure';
import { linkRewriter } from '../../src/publisher/page-view';
import { renderMarkdown } from '@dp/markdown-html';

const page = (id: string, over: Partial<TreePage> = {}): TreePage => ({ id, parent: null, type: 'document', title: id, slug: id, path: id, hidden: false, noIndex: false, noRobotsIndex: false, ...over });

describe('navigation tree', () => {
  const pages = [
    page('intro'),
    page('basics', { type: 'group' }),
    page('install', { parent: 'basics', path: 'basics/install' }),
    page('deep', { parent: 'install', path: 'basics/install/deep' }),
    page('secret', { hidden: true }),
    page('under-secret', { parent: 'secret', path: 'secret/under-secret' }),
  ];

  test('When pages are nested, grouped and hidden, Then the tree keeps groups and nesting and leaves hidden pages (and what is under them) out', () => {
    const nav = buildNavTree(pages);
    expect(nav.map((n) => [n.kind, n.id, n.path])).toEqual([
      ['page', 'intro', ''],
      ['group', 'basics', 'basics'],
    ]);
    expect(nav[1].children[0]).toMatchObject({ id: 'install', path: 'basics/install', children: [{ id: 'deep', path: 'basics/install/deep' }] });
  });

  test('When a path is looked up, Then the first document answers the empty path, groups answer nothing, hidden pages answer', () => {
    const index = indexPages(pages);
    expect(findPage(index, '')?.id).toBe('intro');
    expect(findPage(index, 'basics')).toBeUndefined();
    expect(findPage(index, 'basics/install/deep')?.id).toBe('deep');
    expect(findPage(index, 'secret')?.id).toBe('secret');
    expect(findPage(index, 'nope')).toBeUndefined();
  });
});

describe('request addresses', () => {
  const publicUrl = 'https://docs.example.com/sites';

  test('When the path names an organization and a site, Then those are read, with the rest and the .md suffix', () => {
    expect(siteAddressOf({ host: 'docs.example.com', path: '/sites/o1/s1/guide/setup.md' }, publicUrl).byPath).toEqual({
      organizationId: 'o1',
      siteId: 's1',
      mount: '/sites/o1/s1',
      segments: ['guide', 'setup'],
      markdown: true,
    });
    // A reverse proxy that strips the base path.
    expect(siteAddressOf({ host: 'docs.example.com', path: '/o1/s1' }, publicUrl).byPath).toMatchObject({ siteId: 's1', segments: [], markdown: false });
    expect(siteAddressOf({ host: 'docs.example.com', path: '/o1/s1.md' }, publicUrl).byPath).toMatchObject({ siteId: 's1', segments: [], markdown: true });
    expect(siteAddressOf({ host: 'docs.example.com', path: '/o1' }, publicUrl)).toEqual({});
  });

  test('When the host is another one, Then proxy origins are tried longest first, and a match mounts the site at the proxy path', () => {
    const address = siteAddressOf({ host: 'Company.com:443', path: '/docs/guide/setup' }, publicUrl);
    expect(address.byHost?.candidates).toEqual(['company.com/docs/guide/setup', 'company.com/docs/guide', 'company.com/docs']);
    expect(proxyMount('company.com/docs', address.byHost!)).toEqual({ mount: '/docs', segments: ['guide', 'setup'] });
    expect(siteAddressOf({ host: 'localhost:8090', path: '/o1/s1' }, publicUrl).byHost).toBeUndefined();
  });

  test('When another host asks for its root, Then it may be a site s custom hostname: no proxy candidate, every segment the site s', () => {
    expect(siteAddressOf({ host: 'docs.company.com', path: '/' }, publicUrl).byHost).toEqual({ host: 'docs.company.com', candidates: [], segments: [], markdown: false });
    expect(siteAddressOf({ host: 'docs.company.com', path: '/guide/setup.md' }, publicUrl).byHost).toMatchObject({ segments: ['guide', 'setup'], markdown: true });
  });

  test('When a segment climbs or cannot be decoded, Then the path is refused', () => {
    expect(pathSegments('/a/%2e%2e/b')).toBeUndefined();
    expect(pathSegments('/a/%E0%A4%A')).toBeUndefined();
    expect(pathSegments('/a/b%20c/')).toEqual(['a', 'b c']);
  });
});

describe('structure, conditions and path resolution', () => {
  const siteSpace = (id: string, path: string, isDefault: boolean, condition: string | null = null) => ({ id, path, isDefault, condition: layoutCondition(condition), spaceId: `space-${id}`, title: id, revisionId: `rev-${id}` });
  const section = (id: string, path: string, isDefault: boolean, siteSpaces: LayoutSection['siteSpaces'], condition: string | null = null): LayoutSection => ({ id, title: id, path, isDefault, condition: layoutCondition(condition), siteSpaces });
  const layout: SiteLayout = {
    sectioned: true,
    items: [
      { kind: 'section', section: section('guides', 'guides', true, [siteSpace('v2', 'v2', true), siteSpace('v1', 'v1', false)]) },
      { kind: 'group', id: 'g', title: 'More', sections: [section('beta', 'beta', false, [siteSpace('b', 'b', true)], 'visitor.claims.isBeta == true')] },
    ],
  };

  test('When the visitor has no claims, Then a conditioned section is hidden (and its group with it)', () => {
    const visible = visibleStructure(layout, undefined);
    expect(visible.sections.map((s) => s.id)).toEqual(['guides']);
    expect(visible.tabs).toHaveLength(1);
    expect(visible.hiddenKey).toBe('beta');
  });

  test('When the claims satisfy the condition, Then the section shows', () => {
    const visible = visibleStructure(layout, { claims: { isBeta: true } });
    expect(visible.sections.map((s) => s.id)).toEqual(['guides', 'beta']);
    expect(visible.hiddenKey).toBe('');
  });

  test('When a path is resolved, Then a section path, then a site space path, then the page path are read', () => {
    const visible = visibleStructure(layout, { claims: { isBeta: true } });
    const at = (path: string) => {
      const a = resolvePagePath(visible, path ? path.split('/') : []);
      return a && [a.section.id, a.siteSpace.id, a.pagePath];
    };
    expect(at('')).toEqual(['guides', 'v2', '']);
    expect(at('install/linux')).toEqual(['guides', 'v2', 'install/linux']);
    expect(at('v1/install')).toEqual(['guides', 'v1', 'install']);
    expect(at('beta')).toEqual(['beta', 'b', '']);
    expect(at('beta/x')).toEqual(['beta', 'b', 'x']);
  });

  test('When the default site space is hidden, Then the section shows its first visible one', () => {
    const only = visibleStructure({ sectioned: false, items: [{ kind: 'section', section: section('', '', true, [siteSpace('a', 'a', true, 'visitor.claims.x == true'), siteSpace('b', 'b', false)]) }] }, undefined);
    expect(only.home?.home.id).toBe('b');
    expect(only.tabs).toEqual([]);
  });
});

describe('links and sanitizing', () => {
  const index = indexPages([page('guide'), page('setup', { parent: 'guide', path: 'guide/setup' })]);
  const visible = visibleStructure({ sectioned: false, items: [{ kind: 'section', section: { id: '', title: 'Site', path: '', isDefault: true, condition: { kind: 'none' }, siteSpaces: [{ id: 'ss', path: 'docs', isDefault: true, condition: { kind: 'none' }, spaceId: 'sp', title: 'Docs', revisionId: 'r1' }] } }] }, undefined);
  const rewrite = linkRewriter({
    mount: '/o1/s1',
    address: resolvePagePath(visible, [])!,
    revision: { spaceId: 'sp', revisionId: 'r1', index, files: new Map([['f1', { id: 'f1', name: 'logo one.png', contentType: 'image/png', size: 3 }]]) },
    document: { id: 'guide', markdown: '', links: { '/pages/setup': { kind: 'page', page: 'setup' }, './setup.md#install': { kind: 'anchor', page: 'setup', anchor: 'install' }, '/files/f1': { kind: 'file', file: 'f1' }, '/pages/guide': { kind: 'page', page: 'guide' } } },
  });

  test('When content resolved a link to a page, an anchor or a file, Then it leads to the published page or the publisher file URL', () => {
    expect(rewrite('/pages/setup')).toBe('/o1/s1/guide/setup');
    expect(rewrite('./setup.md#install')).toBe('/o1/s1/guide/setup#install');
    expect(rewrite('/pages/guide')).toBe('/o1/s1');
    expect(rewrite('/files/f1')).toBe('/o1/s1/.files/sp/r1/f1/logo%20one.png');
    expect(rewrite('https://example.com')).toBeUndefined();
    expect(rewrite('constructor')).toBeUndefined();
  });

  test('When markdown holds scripts, handlers and javascript: URLs, Then the HTML keeps none; links are rewritten', () => {
    const html = renderMarkdown(
      '# Title\n\n[a](/pages/setup) ![i](/files/f1)\n\n<script>alert(1)</script><img src="x" onerror="alert(1)"><a href="javascript:alert(1)">x</a><svg onload="alert(1)"></svg><iframe src="https://evil"></iframe>\n\n```py\nprint(1)\n```',
      rewrite,
    );
    expect(html).toContain('<h1 id="title">Title</h1>');
    expect(html).toContain('<a href="/o1/s1/guide/setup">a</a>');
    expect(html).toContain('<img src="/o1/s1/.files/sp/r1/f1/logo%20one.png" alt="i" />');
    expect(html).toContain('<code class="language-py">');
    expect(html).not.toMatch(/script|onerror|onload|javascript:|iframe|svg/i);
  });
});
