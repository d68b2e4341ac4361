import { newId } from '@dp/db';
import { componentOf, expectOfficialSchema, type ComponentCaller } from '@dp/testing';
import { sitesService } from '../../src';

/**
 * Share links of sites on the sites app (component level, docs/testing.md): create, list, update and delete, who
 * may, and bad input. Callers are signed assertions with their roles; the stored rows are read from the schema.
 */
const api = componentOf('ssl', sitesService);
const db = api.db;

const orgId = newId();
const ownerId = newId();
const owner: ComponentCaller = { user: ownerId, roles: { [orgId]: 'admin' } };

const sites = (org = orgId) => `/v1/orgs/${org}/sites`;
const links = (siteId: string, org = orgId) => `${sites(org)}/${siteId}/share-links`;
const newSite = async (body: object = { title: 'Shared docs', visibility: 'share-link' }, as: ComponentCaller = owner, org = orgId) => {
  const res = await api.call('POST', sites(org), { as, body });
  expect(res.status).toBe(201);
  return res.body as { id: string; urls: { location: string } };
};
const newLink = async (siteId: string, name = 'Reviewers', as: ComponentCaller = owner) => {
  const res = await api.call('POST', links(siteId), { as, body: { name } });
  expect(res.status).toBe(201);
  return res.body as { id: string; name: string; active: boolean; createdAt: string; urls: { published: string } };
};
const row = (id: string) => db('share_links').where({ id }).first();
const listOf = async (siteId: string, as: ComponentCaller = owner) => {
  const res = await api.call('GET', links(siteId), { as });
  expect(res.status).toBe(200);
  return res.body as { count: number; items: Array<{ id: string; name: string; active: boolean; urls: { published: string } }> };
};

describe('share links on the sites app', () => {
  test('When a share link is created, Then it is 201 with Location, active, an official ShareLink whose URL carries its secret key, and no key field', async () => {
    const site = await newSite();
    const res = await api.call('POST', links(site.id), { as: owner, body: { name: 'Beta reviewers' } });
    expect(res.status).toBe(201);
    expect(res.headers.get('location')).toBe(`${site.urls.location}/share-links/${res.body.id}`);
    expectOfficialSchema('ShareLink', res.body);
    expect(Object.keys(res.body).sort()).toEqual(['active', 'createdAt', 'id', 'name', 'object', 'urls']);
    const stored = await row(res.body.id);
    expect(stored).toMatchObject({ site_id: site.id, organization_id: orgId, name: 'Beta reviewers', active: true, created_by: ownerId });
    expect(stored.key).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(res.body).toEqual({
      object: 'share-link',
      id: res.body.id,
      createdAt: new Date(stored.created_at).toISOString(),
      name: 'Beta reviewers',
      active: true,
      // not published yet: the address the platform serves the site from
      urls: { published: expect.stringMatching(new RegExp(`^https?://[^?]+/${orgId}/${site.id}\\?share=${stored.key}$`)) },
    });
    expect((await listOf(site.id)).items).toEqual([res.body]);

    const other = await newLink(site.id, 'Other');
    expect((await row(other.id)).key).not.toBe(stored.key);
  });

  test('When the site gets a proxy and is published, Then its share links point at the published address with their key', async () => {
    const site = await newSite();
    const link = await newLink(site.id);
    const key = (await row(link.id)).key;
    expect((await api.call('PATCH', `${sites()}/${site.id}`, { as: owner, body: { proxy: `share-${site.id.toLowerCase()}.example.com/docs` } })).status).toBe(200);
    expect((await listOf(site.id)).items[0].urls.published).toMatch(new RegExp(`/${orgId}/${site.id}\\?share=${key}$`));
    expect((await api.call('POST', `${sites()}/${site.id}/publish`, { as: owner })).status).toBe(200);
    const [published] = (await listOf(site.id)).items;
    expect(published.urls.published).toBe(`https://share-${site.id.toLowerCase()}.example.com/docs?share=${key}`);
    expectOfficialSchema('ShareLink', published);
  });

  test('When a name of exactly 50 characters or an empty name is given, Then the share link is created with it', async () => {
    const site = await newSite();
    expect((await newLink(site.id, 'n'.repeat(50))).name).toBe('n'.repeat(50));
    expect((await newLink(site.id, '')).name).toBe('');
  });

  test.each([
    ['no name', { body: {} }, /body\.name is required/],
    ['an over-long name', { body: { name: 'n'.repeat(51) } }, /body\.name/],
    ['a name of the wrong type', { body: { name: 42 } }, /body\.name/],
    ['an unknown field', { body: { name: 'x', active: false } }, /body\.active is not allowed/],
    ['malformed JSON', { rawBody: '{"name":' }, /./],
  ])('When the create body has %s, Then it is a 400 saying why and nothing is written', async (_label, opts, message) => {
    const site = await newSite();
    const res = await api.call('POST', links(site.id), { as: owner, ...(opts as object) });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: { code: 400, message: expect.stringMatching(message) } });
    expect(await db('share_links').where({ site_id: site.id })).toEqual([]);
  });

  test('When share links are listed with limit=2, Then every one is seen once, in creation order, across pages', async () => {
    const site = await newSite();
    const made = [];
    for (const name of ['one', 'two', 'three', 'four', 'five']) made.push(await newLink(site.id, name));
    const seen: string[] = [];
    let page: string | undefined;
    let pages = 0;
    do {
      const res = await api.call('GET', `${links(site.id)}?limit=2${page ? `&page=${encodeURIComponent(page)}` : ''}`, { as: owner });
      expect(res.status).toBe(200);
      expect(res.body.count).toBe(5);
      for (const item of res.body.items) expectOfficialSchema('ShareLink', item);
      seen.push(...res.body.items.map((l: { id: string }) => l.id));
      page = res.body.next?.page;
      pages++;
    } while (page);
    expect(pages).toBe(3);
    expect(seen).toEqual(made.map((l) => l.id));
  });

  test.each([['limit=1001'], ['limit=0'], ['limit=abc'], ['page=not-a-token']])('When the list query has %s, Then it is a 400', async (query) => {
    const site = await newSite();
    const res = await api.call('GET', `${links(site.id)}?${query}`, { as: owner });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe(400);
  });

  test('When a share link is deactivated, renamed, then activated, Then each answer is the updated official ShareLink and the URL keeps its key', async () => {
    const site = await newSite();
    const link = await newLink(site.id, 'Partners');
    const off = await api.call('PATCH', `${links(site.id)}/${link.id}`, { as: owner, body: { active: false } });
    expect(off.status).toBe(200);
    expect(off.body).toEqual({ ...link, active: false });
    expectOfficialSchema('ShareLink', off.body);
    expect((await row(link.id)).active).toBe(false);

    const renamed = await api.call('PATCH', `${links(site.id)}/${link.id}`, { as: owner, body: { name: 'Partners 2026' } });
    expect(renamed.body).toEqual({ ...link, active: false, name: 'Partners 2026' });
    const on = await api.call('PATCH', `${links(site.id)}/${link.id}`, { as: owner, body: { active: true, name: 'Partners' } });
    expect(on.body).toEqual(link);
    expect((await listOf(site.id)).items).toEqual([link]);
  });

  test.each([
    ['nothing to change', {}],
    ['active of the wrong type', { active: 'no' }],
    ['an over-long name', { name: 'n'.repeat(51) }],
    ['a name of the wrong type', { name: null }],
    ['an unknown field', { key: 'my-own-key' }],
  ])('When the patch has %s, Then it is a 400 and the share link is unchanged', async (_label, body) => {
    const site = await newSite();
    const link = await newLink(site.id);
    const before = await row(link.id);
    const res = await api.call('PATCH', `${links(site.id)}/${link.id}`, { as: owner, body });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: { code: 400, message: expect.any(String) } });
    expect(await row(link.id)).toEqual(before);
  });

  test('When an unknown share link, or one of another site, is patched, Then it is a 404', async () => {
    const site = await newSite();
    const elsewhere = await newLink((await newSite()).id);
    for (const id of ['doesnotexist', elsewhere.id]) {
      const res = await api.call('PATCH', `${links(site.id)}/${id}`, { as: owner, body: { active: false } });
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe(404);
    }
    expect((await row(elsewhere.id)).active).toBe(true);
  });

  test('When a share link is deleted, Then it is 205, then 204; an unknown one or one of another site is 204 and stays', async () => {
    const site = await newSite();
    const link = await newLink(site.id);
    const kept = await newLink(site.id, 'Kept');
    const elsewhere = await newLink((await newSite()).id);
    expect((await api.call('DELETE', `${links(site.id)}/${link.id}`, { as: owner })).status).toBe(205);
    expect((await api.call('DELETE', `${links(site.id)}/${link.id}`, { as: owner })).status).toBe(204);
    expect((await api.call('DELETE', `${links(site.id)}/doesnotexist`, { as: owner })).status).toBe(204);
    expect((await api.call('DELETE', `${links(site.id)}/${elsewhere.id}`, { as: owner })).status).toBe(204);
    expect(await row(link.id)).toBeUndefined();
    expect(await row(elsewhere.id)).toBeDefined();
    expect((await listOf(site.id)).items.map((l) => l.id)).toEqual([kept.id]);
    expect((await api.call('PATCH', `${links(site.id)}/${link.id}`, { as: owner, body: { active: true } })).status).toBe(404);
  });

  test('When a site is deleted, Then its share links are gone with it', async () => {
    const site = await newSite();
    await newLink(site.id);
    await newLink(site.id, 'Second');
    expect(await db('share_links').where({ site_id: site.id })).toHaveLength(2);
    expect((await api.call('DELETE', `${sites()}/${site.id}`, { as: owner })).status).toBe(205);
    expect(await db('share_links').where({ site_id: site.id })).toEqual([]);
    expect((await api.call('GET', links(site.id), { as: owner })).status).toBe(404);
  });

  test('When the site does not exist, Then every share link operation on it is a 404', async () => {
    for (const [method, path, body] of [
      ['GET', links('nosuchsite'), undefined],
      ['POST', links('nosuchsite'), { name: 'x' }],
      ['PATCH', `${links('nosuchsite')}/abc`, { active: false }],
      ['DELETE', `${links('nosuchsite')}/abc`, undefined],
    ] as const) {
      const res = await api.call(method, path, { as: owner, body });
      expect({ method, status: res.status }).toEqual({ method, status: 404 });
    }
  });
});

describe('who may manage share links', () => {
  test('When a read member lists share links, Then they may; creating, changing or deleting one is a 403 and changes nothing', async () => {
    const reader: ComponentCaller = { user: newId(), roles: { [orgId]: 'read' } };
    const site = await newSite();
    const link = await newLink(site.id);
    expect((await listOf(site.id, reader)).items).toEqual([link]);
    for (const [method, path, body] of [
      ['POST', links(site.id), { name: 'Mine' }],
      ['PATCH', `${links(site.id)}/${link.id}`, { active: false }],
      ['DELETE', `${links(site.id)}/${link.id}`, undefined],
    ] as const) {
      const res = await api.call(method, path, { as: reader, body });
      expect({ method, status: res.status }).toEqual({ method, status: 403 });
    }
    expect((await listOf(site.id)).items).toEqual([link]);
  });

  test('When a create member manages share links, Then they may', async () => {
    const creator: ComponentCaller = { user: newId(), roles: { [orgId]: 'create' } };
    const site = await newSite();
    const link = await newLink(site.id, 'By a creator', creator);
    expect((await api.call('PATCH', `${links(site.id)}/${link.id}`, { as: creator, body: { active: false } })).status).toBe(200);
    expect((await api.call('DELETE', `${links(site.id)}/${link.id}`, { as: creator })).status).toBe(205);
  });

  test("When a user works on another organization's site, Then every share link operation is a 404 and changes nothing", async () => {
    const site = await newSite();
    const link = await newLink(site.id);
    const strangerOrg = newId();
    const stranger: ComponentCaller = { user: newId(), roles: { [strangerOrg]: 'admin' } };
    for (const org of [orgId, strangerOrg]) {
      for (const [method, path, body] of [
        ['GET', links(site.id, org), undefined],
        ['POST', links(site.id, org), { name: 'Mine' }],
        ['PATCH', `${links(site.id, org)}/${link.id}`, { active: false }],
        ['DELETE', `${links(site.id, org)}/${link.id}`, undefined],
      ] as const) {
        const res = await api.call(method, path, { as: stranger, body });
        expect({ method, path, status: res.status }).toEqual({ method, path, status: 404 });
      }
    }
    expect((await listOf(site.id)).items).toEqual([link]);
  });
});
