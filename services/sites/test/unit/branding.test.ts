import { effectiveCustomization } from '../../src/domain/customization-defaults';
import { brandingOf, contentTargetsOf, shownConditionalItems } from '../../src/publisher/branding';
import { notFoundHtml, pageHtml } from '../../src/publisher/page-html';
import { pageView } from './fixtures';

const url = (href: string) => ({ kind: 'url', url: href });
const page = (settings: object): string => {
  const branding = brandingOf(effectiveCustomization('Docs', JSON.parse(JSON.stringify(settings))), 'Docs');
  const view = pageView({ branding, next: { title: 'Next one', href: '/o/s/next' } });
  return pageHtml(view);
};

describe('a published page drawn from the site customization', () => {
  test('When a site never customized, Then the page keeps its own palette, a switchable theme following the system, pagination, the markdown link and the trademark', () => {
    const html = page({});
    expect(html).toContain('<html lang="en"><head>');
    expect(html).toContain(':root{--radius:.4rem}');
    expect(html).toContain('rel="next"');
    expect(html).toContain('View as markdown');
    expect(html).toContain('Powered by Docs Platform');
    expect(html).toContain('<a class="site" href="/o/s">Docs</a>');
    expect(html).not.toContain('font-family:"');
  });

  test('When the site sets its title, colour, corners, logo, favicon and theme, Then the page shows them', () => {
    const html = page({
      title: 'Acme Docs',
      styling: { primaryColor: { light: '#aa0000', dark: '#ff8888' }, corners: 'straight', links: 'accent', font: 'OpenSans' },
      header: { preset: 'default', links: [], logo: { light: 'https://cdn.example.com/logo.png', dark: 'https://cdn.example.com/logo-dark.png' } },
      favicon: { emoji: '1f680' },
      themes: { default: 'dark', toggeable: false },
    });
    expect(html).toContain('<title>Install | Acme Docs</title>');
    expect(html).toContain('<html lang="en" data-theme="dark" data-theme-toggle="off">');
    expect(html).toContain(':root{--radius:0;--link:#aa0000}');
    expect(html).toContain(':root[data-theme=dark]{--link:#ff8888}');
    expect(html).toContain('article a{color:inherit;text-decoration-color:var(--link)}');
    expect(html).toContain('body{font-family:"Open Sans",system-ui,sans-serif}');
    expect(html).toContain('<img class="logo only-light" src="https://cdn.example.com/logo.png" alt="Acme Docs"><img class="logo only-dark" src="https://cdn.example.com/logo-dark.png" alt="Acme Docs">');
    expect(html).toContain(`<link rel="icon" href="data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><text x="16" y="25" font-size="26" font-family="system-ui,sans-serif" text-anchor="middle">🚀</text></svg>')}">`);
  });

  test('When the site has header links, a footer, social accounts and an announcement, Then they are on the page, external ones in new tabs when asked', () => {
    const html = page({
      header: { preset: 'default', links: [{ title: 'Blog', to: url('https://blog.example.com'), links: [], style: 'button-primary' }, { title: 'Products', to: null, links: [{ title: 'API', to: url('/api') }] }] },
      footer: { groups: [{ title: 'Company', links: [{ title: 'About', to: url('https://example.com/about') }] }], copyright: '© 2026 Acme' },
      socialAccounts: [{ platform: 'github', handle: 'acme', display: { footer: true, header: false } }],
      announcement: { enabled: true, message: 'v2 is out', style: 'success', link: { title: 'Read more', to: url('https://example.com/v2') } },
      externalLinks: { target: 'blank' },
      privacyPolicy: { url: 'https://example.com/privacy' },
    });
    expect(html).toContain('<a href="https://blog.example.com" class="header-link button-primary" target="_blank" rel="noopener noreferrer">Blog</a>');
    expect(html).toContain('<summary class="header-link">Products</summary><ul><li><a href="/api">API</a></li></ul>');
    expect(html).toContain('<div class="footer-group"><p>Company</p><ul><li><a href="https://example.com/about" target="_blank" rel="noopener noreferrer">About</a></li></ul></div>');
    expect(html).toContain('<a href="https://github.com/acme" target="_blank" rel="noopener noreferrer">GitHub</a>');
    expect(html).toContain('<span>© 2026 Acme</span>');
    expect(html).toContain('Privacy policy</a>');
    expect(html).toContain('<div class="announcement announcement-success" role="note">v2 is out <a href="https://example.com/v2" target="_blank" rel="noopener noreferrer">Read more</a></div>');
  });

  test('When the site turns off pagination, the markdown action and the trademark, Then the page has none of them', () => {
    const html = page({ pagination: { enabled: false }, pageActions: { items: [] }, trademark: { enabled: false } });
    expect(html).not.toContain('rel="next"');
    expect(html).not.toContain('View as markdown');
    expect(html).not.toContain('Powered by');
  });

  test('When stored settings carry hostile values anyway (script URLs, markup, a conditional item), Then nothing of them runs or leaks into the page', () => {
    const evil = '"><script>alert(1)</script>';
    const html = page({
      title: evil,
      styling: { primaryColor: { light: 'red;}body{display:none', dark: '#000' } },
      header: { preset: 'default', links: [{ title: 'x', to: url('javascript:alert(1)'), links: [] }, { title: 'Members', to: url('https://example.com'), links: [], condition: 'visitor.claims.paid' }], logo: { light: 'javascript:alert(1)', dark: 'javascript:alert(1)' } },
      footer: { groups: [{ title: evil, links: [{ title: evil, to: url('https://example.com') }] }], copyright: evil },
      favicon: { icon: { light: 'data:image/svg+xml,<svg onload=alert(1)>', dark: 'https://x' } },
      socialAccounts: [{ platform: 'github', handle: '../../evil', display: { footer: true, header: false } }],
    });
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('javascript:');
    expect(html).not.toContain('red;}');
    expect(html).not.toContain('Members');
    expect(html).not.toContain('onload');
    expect(html).toContain('https://github.com/..%2F..%2Fevil');
    expect(html).toContain('&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  test('When header and footer links name pages or spaces, Then they link where the resolver says, and are left out where it says nothing or something not of the site', () => {
    const settings = effectiveCustomization('Docs', {
      header: { preset: 'default', links: [{ title: 'Guide', to: { kind: 'page', page: 'p1' }, links: [{ title: 'Setup', to: { kind: 'anchor', page: 'p1', anchor: 'setup' } }] }] },
      footer: { groups: [{ title: 'More', links: [{ title: 'API', to: { kind: 'space', space: 's2' } }, { title: 'Gone', to: { kind: 'page', page: 'p9' } }, { title: 'Evil', to: { kind: 'page', page: 'evil' } }] }] },
    });
    expect(contentTargetsOf(settings)).toEqual([{ kind: 'page', page: 'p1' }, { kind: 'page', page: 'p1', anchor: 'setup' }, { kind: 'space', space: 's2' }, { kind: 'page', page: 'p9' }, { kind: 'page', page: 'evil' }]);
    const resolve = (t: { kind: string; page?: string; space?: string; anchor?: string }) =>
      t.kind === 'space' ? '/o/s/api' : t.page === 'p1' ? `/o/s/guide${t.anchor ? `#${t.anchor}` : ''}` : t.page === 'evil' ? '//evil.example.com' : undefined;
    const branding = brandingOf(settings, 'Docs', resolve);
    expect(branding.header).toEqual([{ title: 'Guide', href: '/o/s/guide', style: 'link', links: [{ title: 'Setup', href: '/o/s/guide#setup' }] }]);
    expect(branding.footer.groups).toEqual([{ title: 'More', links: [{ title: 'API', href: '/o/s/api' }] }]);
    // Without a resolver (the 404 page), links to content are left out.
    expect(brandingOf(settings, 'Docs').header).toEqual([]);
  });

  test('When a header item has a condition, Then it shows to the visitors it picks, and a page s key says which items showed', () => {
    const settings = effectiveCustomization('Docs', { header: { preset: 'default', links: [{ title: 'Everyone', to: url('https://example.com/a'), links: [] }, { title: 'Beta news', to: url('https://example.com/b'), links: [], condition: 'visitor.claims.beta == true' }] } });
    const beta = (expression: string) => expression === 'visitor.claims.beta == true';
    expect(brandingOf(settings, 'Docs', undefined, beta).header.map((i) => i.title)).toEqual(['Everyone', 'Beta news']);
    expect(brandingOf(settings, 'Docs').header.map((i) => i.title)).toEqual(['Everyone']);
    expect(shownConditionalItems(settings, beta)).toBe('1');
    expect(shownConditionalItems(settings, () => false)).toBe('');
  });

  test('When a page is missing, Then the 404 keeps the site s branding', () => {
    const branding = brandingOf(effectiveCustomization('Docs', { title: 'Acme Docs' }), 'Docs');
    expect(notFoundHtml({ branding, homeHref: '/o/s' })).toContain('Back to Acme Docs');
  });
});
