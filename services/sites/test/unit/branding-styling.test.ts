import { effectiveCustomization } from '../../src/domain/customization-defaults';
import { brandingOf } from '../../src/publisher/branding';
import { brandingStyle } from '../../src/publisher/branding-html';
import { codeThemesOf, FONT_LIMITS, fontOf, iconStyleOf } from '../../src/publisher/branding-styling';

const styleOf = (styling: object) => brandingStyle(brandingOf(effectiveCustomization('Docs', JSON.parse(JSON.stringify({ styling }))), 'Docs'));
const face = (url: string, weight = 400) => ({ weight, sources: [{ url, format: 'woff2' }] });

describe('the site styling a page is drawn with', () => {
  test('When the site picks semantic colours and a tint, Then each theme has them as custom properties', () => {
    const css = styleOf({ warningColor: { light: '#aa5500', dark: '#ffbb66' }, tint: { color: { light: '#336699', dark: '#88aadd' } } });
    expect(css).toContain(':root{--radius:.4rem;--warning:#aa5500;--bg:color-mix(in srgb,#336699 4%,#fff);--surface:color-mix(in srgb,#336699 10%,#f6f8fa)}');
    expect(css).toContain(':root[data-theme=dark]{--warning:#ffbb66;--bg:color-mix(in srgb,#88aadd 6%,#0d1117);--surface:color-mix(in srgb,#88aadd 14%,#151b23)}');
  });

  test('When the site picks product fonts and a custom heading font, Then the page names them and loads the custom faces', () => {
    const css = styleOf({ font: 'OpenSans', monospaceFont: 'JetBrainsMono', headingFont: { id: 'f1', custom: true, fontFamily: 'Acme Sans', fontFaces: [face('https://cdn.example.com/acme.woff2'), face('https://cdn.example.com/acme-bold.woff2', 700)] } });
    expect(css).toContain('body{font-family:"Open Sans",system-ui,sans-serif}');
    expect(css).toContain('code,pre,kbd{font-family:"Jet Brains Mono",ui-monospace,monospace}');
    expect(css).toContain('@font-face{font-family:"Acme Sans";font-weight:400;font-display:swap;src:url("https://cdn.example.com/acme.woff2") format("woff2")}');
    expect(css).toContain('@font-face{font-family:"Acme Sans";font-weight:700;');
    expect(css).toContain('h1,h2,h3{font-family:"Acme Sans",system-ui,sans-serif}');
  });

  test('When the product defaults are kept, Then no font or colour is drawn over the page s own', () => {
    const css = styleOf({});
    expect(css).toBe(':root{--radius:.4rem}');
  });

  test('When a stored font carries hostile values, Then nothing can break out of the style sheet and files stay bounded', () => {
    const evil = fontOf({ id: 'x', custom: true, fontFamily: 'Evil";}body{display:none', fontFaces: [face('https://x.example.com/a.woff2')] }, undefined);
    expect(evil).toBeUndefined();
    const urls = fontOf({ id: 'x', custom: true, fontFamily: 'Safe', fontFaces: [face('https://x.example.com/a.woff2")}body{display:none'), face('http://x.example.com/plain.woff2'), face('javascript:alert(1)'), face('https://x.example.com/ok.woff2', 5000)] }, undefined);
    expect(urls).toEqual({ family: 'Safe', faces: [] });
    const many = fontOf({ id: 'x', custom: true, fontFamily: 'Many', fontFaces: Array.from({ length: 50 }, (_, i) => ({ weight: 100 + i, sources: Array.from({ length: 10 }, (_, j) => ({ url: `https://x.example.com/${i}-${j}.woff2` })) })) }, undefined);
    expect(many?.faces).toHaveLength(FONT_LIMITS.faces);
    expect(many?.faces[0].sources).toHaveLength(FONT_LIMITS.sources);
  });

  test('When the sidebar list style is pill or line, Then the current page is drawn so', () => {
    expect(styleOf({ sidebar: { background: 'default', list: 'pill' } })).toContain('.sidebar [aria-current=page]{display:inline-block;background:var(--surface)');
    expect(styleOf({ sidebar: { background: 'default', list: 'line' } })).toContain('.sidebar li:has(>[aria-current=page]){border-left:2px solid var(--link)');
  });
});

describe('codeThemesOf', () => {
  const settings = (codeTheme: object) => effectiveCustomization('Docs', JSON.parse(JSON.stringify({ styling: { codeTheme } })));
  test('the themes a site chose go to the renderer; the product defaults and malformed names do not', () => {
    expect(codeThemesOf(settings({ default: { light: 'github-light', dark: 'dracula' } }))).toEqual({ light: 'github-light', dark: 'dracula' });
    expect(codeThemesOf(settings({}))).toBeUndefined();
    expect(codeThemesOf(settings({ default: { light: '"><script>', dark: 'dracula' } }))).toBeUndefined();
  });
});

describe('the look a site picks (theme, depth, search, sidebar background)', () => {
  test.each([
    ['muted', { theme: 'muted' }, 'header,.sidebar{background:var(--surface)}'],
    ['bold', { theme: 'bold' }, 'header{background:var(--link);border-bottom-color:var(--link)}header,header a,header summary{color:var(--bg)}'],
    ['gradient', { theme: 'gradient' }, 'header{background:linear-gradient(90deg,color-mix(in srgb,var(--link) 22%,var(--bg)),var(--bg))}'],
    ['flat', { depth: 'flat' }, 'header,.pagination a,.search-panel{box-shadow:none}'],
    ['a prominent search', { search: 'prominent' }, 'header .search{flex:1 1 18rem;display:flex;justify-content:center}'],
    ['a filled sidebar', { sidebar: { background: 'filled', list: 'default' } }, '.sidebar{background:var(--surface)}'],
  ])('When the site picks %s, Then the page is drawn so', (_what, styling, rule) => {
    expect(styleOf(styling)).toContain(rule);
  });

  test('When the look holds the product defaults or unknown values, Then the page keeps its own look', () => {
    for (const styling of [{ theme: 'clean', depth: 'subtle', search: 'subtle' }, { theme: 'neon', depth: 'deep', search: 'huge', sidebar: { background: 'striped', list: 'default' } }]) {
      expect(styleOf(styling)).toBe(':root{--radius:.4rem}');
    }
  });
});

describe('iconStyleOf', () => {
  const settings = (icons: unknown) => effectiveCustomization('Docs', JSON.parse(JSON.stringify({ styling: { icons } })));
  test('the icon set a site chose goes to the renderer; the product default and unknown names do not', () => {
    expect(iconStyleOf(settings('solid'))).toBe('solid');
    expect(iconStyleOf(settings('duotone'))).toBe('duotone');
    expect(iconStyleOf(settings('regular'))).toBeUndefined();
    expect(iconStyleOf(settings('sparkly'))).toBeUndefined();
  });
});
