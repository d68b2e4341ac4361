import {
  AGENTS_CONTEXTS,
  chooseDefaultSiteSpace,
  PROXY_ORIGIN_PATTERN,
  SITE_TYPES,
  SITE_VISIBILITIES,
  isValidProxyOrigin,
  publicationChanges,
  siteAddresses,
  isPlatformHost,
  siteSpacePath,
  siteSpacePublishedUrl,
  snapshotIsCurrent,
} from '../../src/domain/site-rules';

const sites = (path: string) => `https://docs.example.com${path}`;

describe('proxy origin', () => {
  test.each(['company.com/docs', 'www.company.com/developer/docs', 'docs-1.my_company.io/a-b/c_d', 'a.b.c.museum/x'])('When the proxy is %s, Then it is valid', (proxy) => {
    expect(isValidProxyOrigin(proxy)).toBe(true);
  });

  test.each([
    ['no path', 'company.com'],
    ['a scheme', 'https://company.com/docs'],
    ['a trailing slash', 'company.com/docs/'],
    ['a one-letter top-level domain', 'company.c/docs'],
    ['no domain', 'localhost/docs'],
    ['a space', 'company.com/my docs'],
    ['a query', 'company.com/docs?x=1'],
    ['too many characters', `company.com/${'a'.repeat(600)}`],
  ])('When the proxy has %s, Then it is refused', (_label, proxy) => {
    expect(isValidProxyOrigin(proxy)).toBe(false);
  });
});

describe('addresses', () => {
  test('When a site is not published, Then it has no published URL but is served at its own address', () => {
    expect(siteAddresses({ id: 's1', organization_id: 'o1', proxy: null, published: false }, sites)).toEqual({ served: 'https://docs.example.com/o1/s1', published: undefined });
  });
  test('When a published site has a proxy, Then it is published at the proxy origin and served behind it', () => {
    expect(siteAddresses({ id: 's1', organization_id: 'o1', proxy: 'company.com/docs', published: true }, sites)).toEqual({
      served: 'https://docs.example.com/o1/s1',
      published: 'https://company.com/docs',
    });
  });
  test('When a published site has a custom hostname, Then it is published at that host, before any proxy', () => {
    expect(siteAddresses({ id: 's1', organization_id: 'o1', proxy: 'company.com/docs', hostname: 'docs.company.com', published: true }, sites).published).toBe('https://docs.company.com');
    expect(siteAddresses({ id: 's1', organization_id: 'o1', proxy: null, hostname: 'docs.company.com', published: false }, sites).published).toBeUndefined();
  });
  test('When a hostname is one of the platform s own hosts, Then it is reserved, whatever its case', () => {
    const platform = ['https://api.docs.example.com', 'https://app.docs.example.com/', 'https://sites.docs.example.com/base'];
    expect(isPlatformHost('SITES.docs.example.com', platform)).toBe(true);
    expect(isPlatformHost('help.docs.example.com', platform)).toBe(false);
  });
  test('When a published site has no proxy, Then it is published at its own address', () => {
    expect(siteAddresses({ id: 's1', organization_id: 'o1', proxy: null, published: true }, sites).published).toBe('https://docs.example.com/o1/s1');
  });
  test('When the site is published, Then the default site space is at its root and the others under their path', () => {
    expect(siteSpacePublishedUrl('https://company.com/docs', { path: 'api', isDefault: true })).toBe('https://company.com/docs');
    expect(siteSpacePublishedUrl('https://company.com/docs', { path: 'api', isDefault: false })).toBe('https://company.com/docs/api');
    expect(siteSpacePublishedUrl(undefined, { path: 'api', isDefault: false })).toBeUndefined();
  });
});

describe('site space path', () => {
  test.each([
    ['API Reference', 'api-reference'],
    ['  Ünïcödé — Guide!  ', 'unicode-guide'],
    ['', 'space'],
    ['🚀', 'space'],
  ])('When the space is titled %p, Then the path is %p', (title, path) => {
    expect(siteSpacePath(title, new Set())).toBe(path);
  });
  test('When the path is taken, Then a number is appended until it is free', () => {
    expect(siteSpacePath('Docs', new Set(['docs', 'docs-2']))).toBe('docs-3');
  });
  test('When the title is very long, Then the path stays within 100 characters even with a suffix', () => {
    const long = 'x'.repeat(300);
    const first = siteSpacePath(long, new Set());
    expect(siteSpacePath(long, new Set([first])).length).toBeLessThanOrEqual(100);
  });
});

describe('default site space', () => {
  test('When one is marked default, Then it stays the default', () => {
    expect(chooseDefaultSiteSpace([{ id: 'a', isDefault: false }, { id: 'b', isDefault: true }])).toBe('b');
  });
  test('When none is marked (the default left), Then the earliest added becomes the default', () => {
    expect(chooseDefaultSiteSpace([{ id: 'a', isDefault: false }, { id: 'b', isDefault: false }])).toBe('a');
  });
  test('When the site has no site space, Then there is no default', () => {
    expect(chooseDefaultSiteSpace([])).toBeNull();
  });
});

describe('publication', () => {
  test.each([
    [false, true, true],
    [true, true, false],
    [true, false, true],
    [false, false, false],
  ])('When published is %p and %p is asked, Then a change is %p', (published, wanted, changes) => {
    expect(publicationChanges(published, wanted)).toBe(changes);
  });
});

describe('space snapshots', () => {
  const stored = { updatedAt: new Date('2026-11-22T12:00:00.000Z') };
  const at = (updatedAt: string, version?: number) => ({ updatedAt, version });
  test('When there is no copy yet, Then any snapshot is current', () => {
    expect(snapshotIsCurrent(undefined, at('2020-01-01T00:00:00.000Z'))).toBe(true);
  });
  test('When the snapshot is as recent or newer, Then it replaces the copy', () => {
    expect(snapshotIsCurrent(stored, at('2026-11-22T12:00:00.000Z'))).toBe(true);
    expect(snapshotIsCurrent(stored, at('2026-11-22T12:00:00.001Z'))).toBe(true);
  });
  test('When the snapshot is older (a late or reordered event), Then it is ignored', () => {
    expect(snapshotIsCurrent(stored, at('2026-11-22T11:59:59.999Z'))).toBe(false);
  });
  test('When both are versioned, Then only a strictly newer version replaces the copy, whatever their updatedAt', () => {
    const copy = { updatedAt: '2026-11-22T12:00:00.000Z', version: '7' }; // bigint columns read as strings
    expect(snapshotIsCurrent(copy, at('2026-11-22T12:00:00.000Z', 8))).toBe(true);
    expect(snapshotIsCurrent(copy, at('2026-11-22T12:00:00.000Z', 7))).toBe(false); // a redelivery
    expect(snapshotIsCurrent(copy, at('2026-11-22T12:00:00.000Z', 6))).toBe(false); // counters reordered
    expect(snapshotIsCurrent(copy, at('2026-11-22T11:00:00.000Z', 8))).toBe(true);
  });
  test('When only one side is versioned (a fresh read of content, or a copy from before versions), Then updatedAt decides', () => {
    expect(snapshotIsCurrent({ updatedAt: '2026-11-22T12:00:00.000Z', version: null }, at('2026-11-22T12:00:00.000Z', 1))).toBe(true);
    expect(snapshotIsCurrent({ updatedAt: '2026-11-22T12:00:00.000Z', version: '3' }, at('2026-11-22T11:59:59.000Z'))).toBe(false);
  });
});

describe('the rules follow the official schemas', () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const official = require('@gitbook/api/spec/openapi.json').components.schemas;
  test('When a visibility or type is accepted, Then it is exactly one the official Site allows', () => {
    expect([...SITE_VISIBILITIES]).toEqual(official.SiteVisibility.enum);
    expect([...SITE_TYPES]).toEqual(official.SiteType.enum);
  });
  test('When a proxy is checked, Then it is with the official SiteProxyOrigin pattern', () => {
    expect(PROXY_ORIGIN_PATTERN).toBe(official.SiteProxyOrigin.pattern);
  });
  test('When agentsContext is set, Then it is excluded or included', () => {
    expect([...AGENTS_CONTEXTS]).toEqual(['excluded', 'included']);
  });
});
