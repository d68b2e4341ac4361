import type { Knex } from 'knex';
import { SitesEvents } from '@dp/events';
import { eventually, expectOfficialSchema } from '@dp/testing';
import { sharedStack, type SharedStack } from '../support/shared-stack';

/**
 * Sites through the gateway where they meet content: site spaces of content's spaces, listed, moved, deleted and
 * published. Sites on their own are tested on the sites app (services/sites/test/http/sites.test.ts).
 */
let stack: SharedStack;
let db: Knex;
let owner: { id: string; token: string; email: string };
let orgId: string;

beforeAll(async () => {
  stack = await sharedStack();
  db = stack.schemaDb('sites');
  owner = await stack.newUser('site-owner');
  orgId = (await stack.newOrg(owner.token)).id;
}, 60_000);
afterAll(() => stack?.release());

const sites = (org = orgId) => `/v1/orgs/${org}/sites`;
const newSpace = async (token = owner.token, title = 'Handbook', org = orgId) => {
  const res = await stack.call('POST', `/v1/orgs/${org}/spaces`, { token, body: { title } });
  expect(res.status).toBe(201);
  return res.body as { id: string; title: string };
};
const newSite = async (body: object = { title: 'Docs site' }, token = owner.token, org = orgId) => {
  const res = await stack.call('POST', sites(org), { token, body });
  expect(res.status).toBe(201);
  return res.body as { id: string; title: string; urls: { location: string } };
};
const outboxOf = (siteId: string) => db('outbox').whereRaw(`event->>'subject' = ?`, [siteId]).orderBy('seq');

describe('sites through the gateway', () => {
  test('When a site is created with spaces, Then they are its site spaces in order, the first is the default, each embedding its full Space', async () => {
    const a = await newSpace(owner.token, 'Guides');
    const b = await newSpace(owner.token, 'API Reference');
    const res = await stack.call('POST', sites(), { token: owner.token, body: { spaces: [a.id, b.id] } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ siteSpaces: 2, title: 'Untitled site', visibility: 'public' });

    const list = await stack.call('GET', `${sites()}/${res.body.id}/site-spaces`, { token: owner.token });
    expect(list.status).toBe(200);
    expect(list.body.count).toBe(2);
    expect(list.body.items.map((s: any) => [s.space.id, s.path, s.default, s.title])).toEqual([
      [a.id, 'guides', true, 'Guides'],
      [b.id, 'api-reference', false, 'API Reference'],
    ]);
    for (const item of list.body.items) expectOfficialSchema('SiteSpace', item);
    // The embedded Space is the one content presents to the same caller.
    const fromContent = await stack.call('GET', `/v1/spaces/${a.id}`, { token: owner.token });
    expect(list.body.items[0].space).toEqual(fromContent.body);

    const onlyDefault = await stack.call('GET', `${sites()}/${res.body.id}/site-spaces?default=true`, { token: owner.token });
    expect(onlyDefault.body.items.map((s: any) => s.space.id)).toEqual([a.id]);
    const others = await stack.call('GET', `${sites()}/${res.body.id}/site-spaces?default=false`, { token: owner.token });
    expect(others.body.items.map((s: any) => s.space.id)).toEqual([b.id]);
  });

  test.each([
    ['an unknown space', { body: { spaces: ['doesnotexist'] } }],
  ])('When the create body has %s, Then it is a 400 JSON error and nothing is written', async (_label, opts) => {
    const before = await stack.call('GET', sites(), { token: owner.token });
    const res = await stack.call('POST', sites(), { token: owner.token, ...(opts as object) });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: { code: 400, message: expect.any(String) } });
    const after = await stack.call('GET', sites(), { token: owner.token });
    expect(after.body.count).toBe(before.body.count);
  });

  test("When a site is created with another organization's space or a deleted space, Then it is a 400 naming the space", async () => {
    const other = await stack.newUser('other-org-owner');
    const otherOrg = (await stack.newOrg(other.token)).id;
    await stack.addMember(other.token, otherOrg, owner.email, 'admin');
    const foreign = await newSpace(other.token, 'Foreign', otherOrg);
    // Sites learns of spaces from content's events: until a space's event has arrived, the space is unknown to
    // it (a 400 too, saying so). On a stack other files keep busy that can take a moment.
    const refusal = (spaceId: string, expected: RegExp) =>
      eventually(async () => {
        const res = await stack.call('POST', sites(), { token: owner.token, body: { spaces: [spaceId] } });
        expect(res.status).toBe(400);
        return expected.test(res.body.error.message) ? res.body.error.message : undefined;
      }, 10_000);
    expect(await refusal(foreign.id, /another organization/)).toContain(foreign.id);

    const doomed = await newSpace(owner.token, 'Doomed');
    expect((await stack.call('DELETE', `/v1/spaces/${doomed.id}`, { token: owner.token })).status).toBe(205);
    expect(await refusal(doomed.id, /body\.spaces\[0\].*deleted/)).toContain(doomed.id);
  });

  test.each([['1001'], ['0'], ['abc']])('When limit=%s, Then listing sites and site spaces is a 400', async (limit) => {
    const site = await newSite();
    expect((await stack.call('GET', `${sites()}?limit=${limit}`, { token: owner.token })).status).toBe(400);
    expect((await stack.call('GET', `${sites()}/${site.id}/site-spaces?limit=${limit}`, { token: owner.token })).status).toBe(400);
  });

  test('When sites are listed with limit=2, Then every site is seen once across pages, and the official filters narrow the list', async () => {
    const u = await stack.newUser('lister');
    const org = (await stack.newOrg(u.token)).id;
    const space = await newSpace(u.token, 'Shared', org);
    const made = [
      await newSite({ title: 'Alpha docs', type: 'premium', spaces: [space.id] }, u.token, org),
      await newSite({ title: 'Beta docs' }, u.token, org),
      await newSite({ title: 'Gamma 100%_ docs', type: 'ultimate' }, u.token, org),
      await newSite({ title: 'Delta' }, u.token, org),
      await newSite({ title: 'Epsilon' }, u.token, org),
    ];
    await stack.call('POST', `${sites(org)}/${made[1].id}/publish`, { token: u.token });

    const seen: string[] = [];
    let page: string | undefined;
    do {
      const res = await stack.call('GET', `${sites(org)}?limit=2${page ? `&page=${encodeURIComponent(page)}` : ''}`, { token: u.token });
      expect(res.status).toBe(200);
      expect(res.body.count).toBe(5);
      for (const item of res.body.items) expectOfficialSchema('Site', item);
      seen.push(...res.body.items.map((s: { id: string }) => s.id));
      page = res.body.next?.page;
    } while (page);
    expect(seen).toEqual(made.map((s) => s.id));

    const ids = async (query: string) => (await stack.call('GET', `${sites(org)}?${query}`, { token: u.token })).body.items.map((s: { id: string }) => s.id);
    expect(await ids('published=true')).toEqual([made[1].id]);
    expect(await ids('published=false')).toHaveLength(4);
    expect(await ids('title=docs')).toEqual([made[0].id, made[1].id, made[2].id]);
    expect(await ids(`title=${encodeURIComponent('100%_')}`)).toEqual([made[2].id]);
    expect(await ids(`space=${space.id}`)).toEqual([made[0].id]);
    expect(await ids('type=premium')).toEqual([made[0].id]);
    expect(await ids('type=premium&type=ultimate')).toEqual([made[0].id, made[2].id]);
  });

  test('When the default site space is changed, Then exactly that one is the default', async () => {
    const a = await newSpace(owner.token, 'One');
    const b = await newSpace(owner.token, 'Two');
    const site = await newSite({ spaces: [a.id, b.id] });
    const list = (await stack.call('GET', `${sites()}/${site.id}/site-spaces`, { token: owner.token })).body.items;
    const res = await stack.call('PATCH', `${sites()}/${site.id}`, { token: owner.token, body: { defaultSiteSpace: list[1].id } });
    expect(res.status).toBe(200);
    const after = (await stack.call('GET', `${sites()}/${site.id}/site-spaces`, { token: owner.token })).body.items;
    expect(after.map((s: any) => [s.id, s.default])).toEqual([
      [list[0].id, false],
      [list[1].id, true],
    ]);
  });

  test('When a site is deleted, Then it is 205, then 204; it is gone with its site spaces, and its spaces stay in content', async () => {
    const space = await newSpace(owner.token, 'Stays');
    const site = await newSite({ spaces: [space.id] });
    expect((await stack.call('DELETE', `${sites()}/${site.id}`, { token: owner.token })).status).toBe(205);
    expect((await stack.call('DELETE', `${sites()}/${site.id}`, { token: owner.token })).status).toBe(204);
    expect((await stack.call('DELETE', `${sites()}/doesnotexist`, { token: owner.token })).status).toBe(204);
    expect((await stack.call('GET', `${sites()}/${site.id}`, { token: owner.token })).status).toBe(404);
    expect((await stack.call('GET', `${sites()}/${site.id}/site-spaces`, { token: owner.token })).status).toBe(404);
    expect(await db('site_spaces').where({ site_id: site.id })).toEqual([]);
    expect((await stack.call('GET', `/v1/spaces/${space.id}`, { token: owner.token })).status).toBe(200);
    expect((await outboxOf(site.id)).map((r) => r.type)).toEqual([SitesEvents.SITE_CREATED, SitesEvents.SITE_SPACE_CREATED, SitesEvents.SITE_DELETED]);
  });

  test('When a site is published, Then it is 200 with the published Site and sites.site.published is in the outbox; again, nothing more happens', async () => {
    const space = await newSpace(owner.token, 'Published space');
    const site = await newSite({ title: 'Launch', spaces: [space.id] });
    const res = await stack.call('POST', `${sites()}/${site.id}/publish`, { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: site.id, published: true, urls: { published: expect.stringMatching(new RegExp(`/${orgId}/${site.id}$`)) } });
    expectOfficialSchema('Site', res.body);

    const siteSpaces = (await stack.call('GET', `${sites()}/${site.id}/site-spaces`, { token: owner.token })).body.items;
    expect(siteSpaces[0].urls.published).toBe(res.body.urls.published);
    const published = (await outboxOf(site.id)).filter((r) => r.type === SitesEvents.SITE_PUBLISHED);
    expect(published).toHaveLength(1);
    expect(published[0].event).toMatchObject({
      type: SitesEvents.SITE_PUBLISHED,
      source: '/sites',
      subject: site.id,
      data: { siteId: site.id, organizationId: orgId, title: 'Launch', visibility: 'public', siteSpaces: [siteSpaces[0].id], publishedBy: owner.id },
    });

    const again = await stack.call('POST', `${sites()}/${site.id}/publish`, { token: owner.token });
    expect(again.status).toBe(200);
    expect(again.body.published).toBe(true);
    expect((await outboxOf(site.id)).filter((r) => r.type === SitesEvents.SITE_PUBLISHED)).toHaveLength(1);
  });

});

describe('site spaces through the gateway', () => {
  test('When a space is added to a site, Then it is 201 with Location and an official SiteSpace, and the site counts it', async () => {
    const site = await newSite();
    const space = await newSpace(owner.token, 'Added');
    const res = await stack.call('POST', `${sites()}/${site.id}/site-spaces`, { token: owner.token, body: { spaceId: space.id } });
    expect(res.status).toBe(201);
    expect(res.headers.get('location')).toBe(`${site.urls.location}/site-spaces/${res.body.id}`);
    expect(res.body).toMatchObject({ object: 'site-space', path: 'added', default: true, draft: false, title: 'Added', space: { object: 'space', id: space.id, organization: orgId } });
    expectOfficialSchema('SiteSpace', res.body);
    expect((await stack.call('GET', `${sites()}/${site.id}`, { token: owner.token })).body.siteSpaces).toBe(1);

    const second = await stack.call('POST', `${sites()}/${site.id}/site-spaces`, { token: owner.token, body: { spaceId: (await newSpace(owner.token, 'Added')).id } });
    expect(second.body).toMatchObject({ path: 'added-2', default: false });
    expect((await stack.call('GET', `${sites()}/${site.id}`, { token: owner.token })).body.siteSpaces).toBe(2);
  });

  test('When the client prefers a minimal return, Then the space is added and the answer is 204', async () => {
    const site = await newSite();
    const space = await newSpace();
    const res = await stack.call('POST', `${sites()}/${site.id}/site-spaces`, { token: owner.token, body: { spaceId: space.id }, headers: { prefer: 'return=minimal' } });
    expect(res.status).toBe(204);
    expect(res.headers.get('preference-applied')).toBe('return=minimal');
    expect((await stack.call('GET', `${sites()}/${site.id}`, { token: owner.token })).body.siteSpaces).toBe(1);
  });

  test('When the same space is added twice, Then the second time is a 409', async () => {
    const space = await newSpace();
    const site = await newSite({ spaces: [space.id] });
    const res = await stack.call('POST', `${sites()}/${site.id}/site-spaces`, { token: owner.token, body: { spaceId: space.id } });
    expect(res.status).toBe(409);
  });

  test.each([
    ['an unknown space', { spaceId: 'doesnotexist' }, /space doesnotexist does not exist/],
  ])('When the body has %s, Then it is a 400 saying why and nothing is added', async (_label, body, message) => {
    const site = await newSite();
    const res = await stack.call('POST', `${sites()}/${site.id}/site-spaces`, { token: owner.token, body });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(message);
    expect((await stack.call('GET', `${sites()}/${site.id}/site-spaces`, { token: owner.token })).body.count).toBe(0);
  });

  test("When a space of another organization is added, Then it is a 400, even for a member of both", async () => {
    const other = await stack.newUser('neighbour');
    const otherOrg = (await stack.newOrg(other.token)).id;
    await stack.addMember(other.token, otherOrg, owner.email, 'read');
    // The owner's principal is cached from earlier calls: the membership reaches it with identity's event, and
    // until then content answers the owner as a stranger to that organization (a 400 saying the space is unknown).
    await stack.joined(owner.token, otherOrg);
    const foreign = await newSpace(other.token, 'Theirs', otherOrg);
    const site = await newSite();
    const res = await stack.call('POST', `${sites()}/${site.id}/site-spaces`, { token: owner.token, body: { spaceId: foreign.id } });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain('another organization');
  });

  test('When a space is renamed in content, Then the site space shows the new title soon after', async () => {
    const space = await newSpace(owner.token, 'Old name');
    const site = await newSite({ spaces: [space.id] });
    expect((await stack.call('PATCH', `/v1/spaces/${space.id}`, { token: owner.token, body: { title: 'New name', editMode: 'locked' } })).status).toBe(200);
    const { eventually } = await import('@dp/testing');
    const item = await eventually(async () => {
      const [first] = (await stack.call('GET', `${sites()}/${site.id}/site-spaces`, { token: owner.token })).body.items;
      return first.space.title === 'New name' && first;
    }, 15_000);
    expect(item.title).toBe('New name');
    expect(item.space).toMatchObject({ editMode: 'locked', permissions: { edit: false, admin: true } });
    expect(item.space).toEqual((await stack.call('GET', `/v1/spaces/${space.id}`, { token: owner.token })).body);
  }, 30_000);
});

describe('who may do what', () => {
  test('When a read member creates or changes a site, Then it is 403; reading works and their permissions say read-only', async () => {
    const reader = await stack.newUser('site-reader');
    await stack.addMember(owner.token, orgId, reader.email, 'read');
    const space = await newSpace();
    const site = await newSite({ spaces: [space.id] });
    const before = (await stack.call('GET', sites(), { token: owner.token })).body.count;

    const denied = await stack.call('POST', sites(), { token: reader.token, body: { title: 'Mine' } });
    expect(denied.status).toBe(403);
    expect(denied.body.error.code).toBe(403);
    for (const [method, path, body] of [
      ['PATCH', `${sites()}/${site.id}`, { title: 'Mine' }],
      ['DELETE', `${sites()}/${site.id}`, undefined],
      ['POST', `${sites()}/${site.id}/publish`, undefined],
      ['POST', `${sites()}/${site.id}/unpublish`, undefined],
      ['POST', `${sites()}/${site.id}/site-spaces`, { spaceId: space.id }],
    ] as const) {
      const res = await stack.call(method, path, { token: reader.token, body });
      expect({ method, path, status: res.status }).toEqual({ method, path, status: 403 });
    }
    expect((await stack.call('GET', sites(), { token: owner.token })).body.count).toBe(before);

    const seen = await stack.call('GET', `${sites()}/${site.id}`, { token: reader.token });
    expect(seen.status).toBe(200);
    expect(seen.body.permissions).toEqual({ view: true, access: true, edit: false, create: false, admin: false, installIntegration: false, viewAdaptiveSchema: true, editAdaptiveSchema: false });
    const siteSpaces = await stack.call('GET', `${sites()}/${site.id}/site-spaces`, { token: reader.token });
    expect(siteSpaces.body.items[0].space.permissions).toMatchObject({ view: true, edit: false, admin: false, comment: false });
    expect((await stack.call('GET', sites(), { token: reader.token })).status).toBe(200);
  });

  test("When a user asks for another organization's site, Then it is 404 everywhere", async () => {
    const space = await newSpace();
    const site = await newSite({ spaces: [space.id] });
    const stranger = await stack.newUser('site-stranger');
    const strangerOrg = (await stack.newOrg(stranger.token)).id;
    for (const [method, path, body] of [
      ['GET', `${sites()}/${site.id}`, undefined],
      ['PATCH', `${sites()}/${site.id}`, { title: 'Mine' }],
      ['DELETE', `${sites()}/${site.id}`, undefined],
      ['POST', `${sites()}/${site.id}/publish`, undefined],
      ['POST', `${sites()}/${site.id}/unpublish`, undefined],
      ['GET', `${sites()}/${site.id}/site-spaces`, undefined],
      ['POST', `${sites()}/${site.id}/site-spaces`, { spaceId: space.id }],
      ['GET', sites(), undefined],
      ['POST', sites(), { title: 'Mine' }],
      // the stranger's own organization in the path: the site is not there
      ['GET', `${sites(strangerOrg)}/${site.id}`, undefined],
      ['PATCH', `${sites(strangerOrg)}/${site.id}`, { title: 'Mine' }],
      ['DELETE', `${sites(strangerOrg)}/${site.id}`, undefined],
      ['POST', `${sites(strangerOrg)}/${site.id}/publish`, undefined],
      ['GET', `${sites(strangerOrg)}/${site.id}/site-spaces`, undefined],
    ] as const) {
      const res = await stack.call(method, path, { token: stranger.token, body });
      expect({ method, path, status: res.status }).toEqual({ method, path, status: 404 });
    }
    // nothing the stranger sent changed it
    expect((await stack.call('GET', `${sites()}/${site.id}`, { token: owner.token })).body).toMatchObject({ title: site.title, published: false, siteSpaces: 1 });
  });
});
