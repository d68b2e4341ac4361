import { expectOfficialSchema } from '@dp/testing';
import { CUSTOMIZATION_LIMITS, customizationProblem, isSafeLink, layered, patchedOverrides } from '../../src/domain/customization';
import { defaultCustomization, effectiveCustomization } from '../../src/domain/customization-defaults';

test('When a site has no customization of its own, Then the defaults are valid official SiteCustomizationSettings with its title', () => {
  const settings = defaultCustomization('Docs');
  expect(settings.title).toBe('Docs');
  expectOfficialSchema('SiteCustomizationSettings', settings);
});

describe('settings stacked: defaults, the site, a site space', () => {
  test('When a site sets some fields, Then the others keep the defaults, objects merged and lists replaced', () => {
    const effective = effectiveCustomization('Docs', { styling: { primaryColor: { light: '#ff0000', dark: '#00ff00' } }, header: { links: [{ title: 'Blog', to: { kind: 'url', url: 'https://blog.example.com' }, links: [] }] } });
    expect(effective).toMatchObject({ title: 'Docs', styling: { primaryColor: { light: '#ff0000', dark: '#00ff00' }, corners: 'rounded' }, header: { preset: 'default', links: [{ title: 'Blog' }] } });
    expectOfficialSchema('SiteCustomizationSettings', effective);
  });

  test('When a setting is a union (favicon: an icon or an emoji), Then an override replaces it whole instead of mixing branches', () => {
    const site = { favicon: { icon: { light: 'https://cdn.example.com/a.png', dark: 'https://cdn.example.com/b.png' } } };
    expect(effectiveCustomization('Docs', site, { favicon: { emoji: '1f680' } }).favicon).toEqual({ emoji: '1f680' });
    expect(layered({ a: { b: 1, c: 2 } }, { a: { c: 3 } })).toEqual({ a: { b: 1, c: 3 } });
  });

  test('When a site space override is patched, Then set keys replace, nulls remove and emptied groups disappear', () => {
    const stored = { title: 'Variant', styling: { corners: 'straight', links: 'accent' } };
    expect(patchedOverrides(stored, { title: null, styling: { corners: null }, themes: { default: 'dark' } })).toEqual({ styling: { links: 'accent' }, themes: { default: 'dark' } });
    expect(patchedOverrides({ styling: { corners: 'straight' } }, { styling: { corners: null } })).toEqual({});
  });
});

describe('what a tenant may store', () => {
  const link = (url: string) => ({ title: 'x', to: { kind: 'url', url } });

  test('When links are http(s), mailto or paths of the site, Then they are accepted; script and protocol-relative ones are not', () => {
    for (const url of ['https://example.com', 'http://example.com/a?b', 'mailto:docs@example.com', '/pricing']) expect(isSafeLink(url)).toBe(true);
    for (const url of ['javascript:alert(1)', 'JAVASCRIPT:alert(1)', 'data:text/html,<script>', '//evil.example.com', '/\\evil.example.com', 'vbscript:x']) expect(isSafeLink(url)).toBe(false);
  });

  test('When a footer link, a header sub-link, a logo or the privacy policy carries a script URL, Then the problem names where', () => {
    expect(customizationProblem({ footer: { groups: [{ title: 'More', links: [link('javascript:alert(document.cookie)')] }] } })).toBe('body.footer.groups.0.links.0.to.url must be an http(s) or mailto URL, or a path');
    expect(customizationProblem({ header: { preset: 'default', links: [{ title: 'Menu', to: null, links: [link('data:text/html,x')] }] } })).toMatch(/^body\.header\.links\.0\.links\.0\.to\.url must be/);
    expect(customizationProblem({ header: { preset: 'default', links: [], logo: { light: 'https://cdn.example.com/l.png', dark: 'javascript:x' } } })).toBe('body.header.logo.dark must be an http(s) URL');
    expect(customizationProblem({ privacyPolicy: { url: 'javascript:x' } })).toMatch(/^body\.privacyPolicy\.url/);
    expect(customizationProblem({ footer: { groups: [{ title: 'More', links: [link('https://example.com')] }] } })).toBeUndefined();
  });

  test('When a tenant stores more than the limits (items, sub-links, bytes), Then the problem says which limit', () => {
    const many = (n: number) => Array.from({ length: n }, (_, i) => link(`https://example.com/${i}`));
    expect(customizationProblem({ header: { links: Array.from({ length: CUSTOMIZATION_LIMITS.headerItems + 1 }, () => ({ title: 't', to: null, links: [] })) } })).toBe(`body.header.links has ${CUSTOMIZATION_LIMITS.headerItems + 1} items; at most ${CUSTOMIZATION_LIMITS.headerItems}`);
    expect(customizationProblem({ footer: { groups: [{ title: 'g', links: many(CUSTOMIZATION_LIMITS.footerLinks + 1) }] } })).toMatch(/^body\.footer\.groups\.0\.links has 31 items/);
    expect(customizationProblem({ footer: { copyright: 'x'.repeat(CUSTOMIZATION_LIMITS.bytes) } })).toMatch(/bytes; a site's customization is at most 32768$/);
  });
});
