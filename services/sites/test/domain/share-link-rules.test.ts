import { placementPublishedUrl, shareLinkPublishedUrl, spacePublishedUrl, withShareKey, type SpacePlacement } from '../../src/domain/share-link-rules';

const sites = (path: string) => `https://docs.example.com${path}`;

const placement = (over: { site?: Partial<SpacePlacement['site']>; siteSpace?: Partial<SpacePlacement['siteSpace']>; shareLink?: SpacePlacement['shareLink'] } = {}): SpacePlacement => ({
  site: { id: 's1', organization_id: 'o1', proxy: null, published: true, visibility: 'public', createdAt: new Date('2026-01-01T00:00:00Z'), ...over.site },
  siteSpace: { path: 'guide', isDefault: false, ...over.siteSpace },
  ...(over.shareLink ? { shareLink: over.shareLink } : {}),
});

describe('share link URLs', () => {
  test('When a key is added to a URL, Then it is the share query parameter, escaped, and other parameters stay', () => {
    expect(withShareKey('https://docs.example.com/o1/s1', 'abc_-9')).toBe('https://docs.example.com/o1/s1?share=abc_-9');
    expect(withShareKey('https://docs.example.com/o1/s1?x=1', 'a b&c')).toBe('https://docs.example.com/o1/s1?x=1&share=a+b%26c');
  });

  test('When the site is not published, Then the share link points at the address the site is served from', () => {
    expect(shareLinkPublishedUrl({ id: 's1', organization_id: 'o1', proxy: 'company.com/docs', published: false }, 'k', sites)).toBe('https://docs.example.com/o1/s1?share=k');
  });

  test('When the site is published behind a proxy, Then the share link points at the proxy origin', () => {
    expect(shareLinkPublishedUrl({ id: 's1', organization_id: 'o1', proxy: 'company.com/docs', published: true }, 'k', sites)).toBe('https://company.com/docs?share=k');
  });
});

describe('published URL of a space through one site', () => {
  test.each(['public', 'unlisted'])('When the published site is %s, Then the space is at its site space URL, with no key even if one matched', (visibility) => {
    expect(placementPublishedUrl(placement({ site: { visibility } }), sites)).toBe('https://docs.example.com/o1/s1/guide');
    expect(placementPublishedUrl(placement({ site: { visibility }, shareLink: { key: 'k', active: true } }), sites)).toBe('https://docs.example.com/o1/s1/guide');
  });

  test('When the site space is the default, Then the space is at the site root', () => {
    expect(placementPublishedUrl(placement({ siteSpace: { isDefault: true } }), sites)).toBe('https://docs.example.com/o1/s1');
  });

  test('When a share-link site is opened with the key of an active share link, Then the URL carries that key', () => {
    expect(placementPublishedUrl(placement({ site: { visibility: 'share-link' }, shareLink: { key: 'k1', active: true } }), sites)).toBe('https://docs.example.com/o1/s1/guide?share=k1');
  });

  test.each([
    ['no share link matched', undefined],
    ['the matched share link is deactivated', { key: 'k1', active: false }],
  ])('When a share-link site has %s, Then the space has no published URL through it', (_label, shareLink) => {
    expect(placementPublishedUrl(placement({ site: { visibility: 'share-link' }, shareLink }), sites)).toBeUndefined();
  });

  test('When the site needs visitor authentication, Then no URL is given, even with a matching key', () => {
    expect(placementPublishedUrl(placement({ site: { visibility: 'visitor-auth' }, shareLink: { key: 'k1', active: true } }), sites)).toBeUndefined();
  });

  test('When the site is not published, Then there is no URL whatever its visibility', () => {
    expect(placementPublishedUrl(placement({ site: { published: false } }), sites)).toBeUndefined();
    expect(placementPublishedUrl(placement({ site: { published: false, visibility: 'share-link' }, shareLink: { key: 'k1', active: true } }), sites)).toBeUndefined();
  });
});

describe('published URL of a space shown by several sites', () => {
  const older = { id: 'old', createdAt: new Date('2025-01-01T00:00:00Z') };
  const newer = { id: 'new', createdAt: new Date('2026-06-01T00:00:00Z') };

  test('When no site matches the key, Then the oldest site that gives a URL wins, whatever the order given', () => {
    expect(spacePublishedUrl([placement({ site: newer }), placement({ site: older })], sites)).toBe('https://docs.example.com/o1/old/guide');
  });

  test('When the site matched by the share key is newer, Then it is still preferred', () => {
    const matched = placement({ site: { ...newer, visibility: 'share-link' }, shareLink: { key: 'k', active: true } });
    expect(spacePublishedUrl([placement({ site: older }), matched], sites)).toBe('https://docs.example.com/o1/new/guide?share=k');
  });

  test('When the oldest site gives no URL, Then the next one does', () => {
    expect(spacePublishedUrl([placement({ site: { ...older, visibility: 'visitor-auth' } }), placement({ site: newer })], sites)).toBe('https://docs.example.com/o1/new/guide');
  });

  test('When the only key match is a deactivated link, Then it is not preferred and gives no URL', () => {
    const deactivated = placement({ site: { ...older, visibility: 'share-link' }, shareLink: { key: 'k', active: false } });
    expect(spacePublishedUrl([deactivated, placement({ site: newer })], sites)).toBe('https://docs.example.com/o1/new/guide');
  });

  test('When no site gives a URL, Then there is none', () => {
    expect(spacePublishedUrl([], sites)).toBeUndefined();
    expect(spacePublishedUrl([placement({ site: { visibility: 'share-link' } })], sites)).toBeUndefined();
  });
});

describe('the published URL of a space in a section', () => {
  const site = { id: 's1', organization_id: 'o1', proxy: null, published: true, visibility: 'public', createdAt: new Date(0) };
  const sites = (path: string) => `https://docs.example.com${path}`;
  test('When the site space is in a section, Then its URL is under the section path, or at the site URL for the default section', () => {
    expect(placementPublishedUrl({ site, siteSpace: { path: 'v2', isDefault: false }, section: { path: 'api', isDefault: false } }, sites)).toBe('https://docs.example.com/o1/s1/api/v2');
    expect(placementPublishedUrl({ site, siteSpace: { path: 'v2', isDefault: true }, section: { path: 'api', isDefault: false } }, sites)).toBe('https://docs.example.com/o1/s1/api');
    expect(placementPublishedUrl({ site, siteSpace: { path: 'v2', isDefault: true }, section: { path: 'api', isDefault: true } }, sites)).toBe('https://docs.example.com/o1/s1');
  });
});
