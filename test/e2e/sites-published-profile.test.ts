import { bootStructureStack, type StructureStack } from '../support/site-structure';

/**
 * `GET SITE/published` through the gateway: the published profile (official `PublishedContentSite`, checked by
 * the client) built from the site's structure as it is now, 404 while the site is not published.
 */
let s: StructureStack;
beforeAll(async () => {
  s = await bootStructureStack();
}, 120_000);
afterAll(() => s?.stack.release());

const published = (siteId: string, query = '', token?: string) => s.call('GET', s.sitePath(siteId, `/published${query}`), undefined, token);
const ok = async (method: string, path: string, body?: object) => {
  const res = await s.call(method, path, body);
  expect({ path, status: res.status < 300 }).toEqual({ path, status: true });
  return res.body;
};

test('When a site without sections is published, Then its profile lists its site spaces in order with a customization each; unpublished, it is 404 at once', async () => {
  const [guide, faq] = [await s.newSpace('Guide'), await s.newSpace('FAQ')];
  const siteId = await s.newSite([guide, faq], 'Handbook');
  expect((await published(siteId)).status).toBe(404);

  await ok('POST', s.sitePath(siteId, '/publish'));
  const res = await published(siteId);
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ object: 'published-content-site', site: { id: siteId, published: true, title: 'Handbook' }, scripts: [] });
  expect(res.body.structure.type).toBe('siteSpaces');
  expect(res.body.structure.structure.map((x: { space: { id: string } }) => x.space.id)).toEqual([guide, faq]);
  expect(Object.keys(res.body.customizations.siteSpaces).sort()).toEqual(res.body.structure.structure.map((x: { id: string }) => x.id).sort());
  expect(res.body.customizations.site.title).toBe('Handbook');

  await ok('POST', s.sitePath(siteId, '/unpublish'));
  expect((await published(siteId)).status).toBe(404);
});

test('When a published site has sections and a group, Then the profile is its root in order: sections and groups, each with its site spaces', async () => {
  const siteId = await s.newSite([await s.newSpace('Home')], 'Sectioned');
  const api = await ok('POST', s.sitePath(siteId, '/sections'), { spaceId: await s.newSpace('API'), title: 'API' });
  const sdk = await ok('POST', s.sitePath(siteId, '/sections'), { spaceId: await s.newSpace('SDK'), title: 'SDK' });
  const group = await ok('POST', s.sitePath(siteId, '/section-groups'), { title: 'Developers', sections: [api.id, sdk.id] });
  await ok('POST', s.sitePath(siteId, '/publish'));

  const res = await published(siteId, '', s.reader.token);
  expect(res.status).toBe(200);
  expect(res.body.structure.type).toBe('sections');
  const root = res.body.structure.structure;
  expect(root.map((item: { object: string; title: string }) => [item.object, item.title])).toEqual([
    ['site-section', 'Home'],
    ['site-section-group', 'Developers'],
  ]);
  expect(root[1].id).toBe(group.id);
  expect(root[1].sections.map((x: { id: string }) => x.id)).toEqual([api.id, sdk.id]);
  expect(root[0].siteSpaces).toHaveLength(1);
  expect(Object.keys(res.body.customizations.siteSpaces)).toHaveLength(3);
  for (const section of [root[0], ...root[1].sections]) expect(section.urls.published).toEqual(expect.stringMatching(/^http/));
});

test('When a share-link site is read with an active key, Then every published URL carries it; an unknown key is ignored', async () => {
  const siteId = await s.newSite([await s.newSpace('Secret')], 'Private docs');
  await ok('PATCH', s.sitePath(siteId), { visibility: 'share-link' });
  const link = await ok('POST', s.sitePath(siteId, '/share-links'), { name: 'Partners' });
  await ok('POST', s.sitePath(siteId, '/publish'));
  const key = new URL(link.urls.published).searchParams.get('share');
  expect(key).toEqual(expect.any(String));

  const withKey = await published(siteId, `?shareKey=${key}`);
  expect(withKey.body.structure.structure[0].urls.published).toContain(`share=${key}`);
  const unknown = await published(siteId, '?shareKey=not-a-key');
  expect(unknown.status).toBe(200);
  expect(unknown.body.structure.structure[0].urls.published).not.toContain('share=');
});

test('When someone outside the organization asks, Then it is 404; a bad share key is a 400', async () => {
  const siteId = await s.newSite([await s.newSpace('Open')], 'Open');
  await ok('POST', s.sitePath(siteId, '/publish'));
  expect((await published(siteId, '', s.stranger.token)).status).toBe(404);
  expect((await published(siteId, `?shareKey=${'k'.repeat(300)}`)).status).toBe(400);
});
