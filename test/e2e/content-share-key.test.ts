import { expectOfficialSchema } from '@dp/testing';
import { bootContentStack, type ContentStack } from '../support/content';

/** GET SPACE with `shareKey`: content asks sites where the space is published for that key. */
let api: ContentStack;

beforeAll(async () => {
  api = await bootContentStack('shk');
});
afterAll(() => api?.stack.stop());

const keyOf = (shareUrl: string) => new URL(shareUrl).searchParams.get('share')!;

/** A published site holding two spaces (the second not at the root), with the given visibility. */
async function publishedSite(visibility: string) {
  const spaces = [];
  for (const title of ['Guides', 'API Reference']) spaces.push((await api.call('POST', `/v1/orgs/${api.orgId}/spaces`, { title })).body);
  const site = await api.call('POST', `/v1/orgs/${api.orgId}/sites`, { title: 'Docs', visibility, spaces: spaces.map((s) => s.id) });
  expect(site.status).toBe(201);
  expect((await api.call('POST', `/v1/orgs/${api.orgId}/sites/${site.body.id}/publish`)).status).toBe(200);
  const published = (await api.call('GET', `/v1/orgs/${api.orgId}/sites/${site.body.id}`)).body.urls.published as string;
  return { site: site.body, spaces, published };
}

describe('GET SPACE with shareKey', () => {
  test('When the key is an active share link of the share-link site publishing the space, Then urls.published is its share URL', async () => {
    const { site, spaces, published } = await publishedSite('share-link');
    const link = await api.call('POST', `/v1/orgs/${api.orgId}/sites/${site.id}/share-links`, { name: 'Partners' });
    expect(link.status).toBe(201);
    const key = keyOf(link.body.urls.published);

    const second = await api.call('GET', `/v1/spaces/${spaces[1].id}?shareKey=${encodeURIComponent(key)}`);
    expect(second.status).toBe(200);
    expectOfficialSchema('Space', second.body);
    expect(second.body.urls.published).toBe(`${published.replace(/\/+$/, '')}/api-reference?share=${key}`);
    const first = await api.call('GET', `/v1/spaces/${spaces[0].id}?shareKey=${encodeURIComponent(key)}`);
    expect(first.body.urls.published).toBe(`${published}?share=${key}`);
  });

  test('When the key is wrong or its link was deactivated, Then the space has no published URL, and without a key neither', async () => {
    const { site, spaces } = await publishedSite('share-link');
    const link = (await api.call('POST', `/v1/orgs/${api.orgId}/sites/${site.id}/share-links`, { name: 'Soon off' })).body;
    const key = keyOf(link.urls.published);
    expect((await api.call('GET', `/v1/spaces/${spaces[0].id}?shareKey=nope`)).body.urls.published).toBeUndefined();
    expect((await api.call('GET', `/v1/spaces/${spaces[0].id}`)).body.urls.published).toBeUndefined();
    expect((await api.call('PATCH', `/v1/orgs/${api.orgId}/sites/${site.id}/share-links/${link.id}`, { active: false })).status).toBe(200);
    const after = await api.call('GET', `/v1/spaces/${spaces[0].id}?shareKey=${encodeURIComponent(key)}`);
    expect(after.status).toBe(200);
    expect(after.body.urls.published).toBeUndefined();
  });

  test('When sites is down, Then the space is still served, without a published URL', async () => {
    const space = (await api.call('POST', `/v1/orgs/${api.orgId}/spaces`, { title: 'Alone' })).body;
    await api.stack.apis.sites.stop();
    const res = await api.call('GET', `/v1/spaces/${space.id}?shareKey=anything`);
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(space.id);
    expect(res.body.urls.published).toBeUndefined();
  });

  test('When the shareKey is over-long, Then 400', async () => {
    const space = (await api.call('POST', `/v1/orgs/${api.orgId}/spaces`, { title: 'Checked' })).body;
    expect((await api.call('GET', `/v1/spaces/${space.id}?shareKey=${'k'.repeat(201)}`)).status).toBe(400);
  });
});
