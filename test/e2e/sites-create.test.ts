import type { Knex } from 'knex';
import { SitesEvents } from '@dp/events';
import { expectOfficialSchema } from '@dp/testing';
import { sharedStack, type SharedStack } from '../support/shared-stack';
import type { TestUser } from '../support/stack-client';

/**
 * POST ORG/sites with every body field, including a new space made in content for the site (and undone when
 * the site cannot be made), the official list filters, and POST SITE/unpublish (issue 10, docs/adr/0039).
 */

let stack: SharedStack;
let sitesDb: Knex;
let contentDb: Knex;
let owner: TestUser;
let reader: TestUser;
let outsider: TestUser;
let orgId: string;

beforeAll(async () => {
  stack = await sharedStack();
  sitesDb = stack.schemaDb('sites');
  contentDb = stack.schemaDb('content');
  owner = await stack.newUser('create-owner');
  orgId = (await stack.newOrg(owner.token)).id;
  reader = await stack.newUser('create-reader');
  outsider = await stack.newUser('create-outsider');
  await stack.newOrg(outsider.token, 'Elsewhere');
  await stack.addMember(owner.token, orgId, reader.email, 'read');
  await stack.joined(reader.token, orgId);
}, 60_000);
afterAll(() => stack?.release());

const sites = (org = orgId) => `/v1/orgs/${org}/sites`;
/** A new member of the organization with `role`, their role visible to their next call. */
async function memberWithRole(role: string): Promise<TestUser> {
  const user = await stack.newUser(`${role}-member`);
  await stack.addMember(owner.token, orgId, user.email, role);
  await stack.joined(user.token, orgId);
  return user;
}
const spaceCount = async (org = orgId) => (await stack.call('GET', `/v1/orgs/${org}/spaces`, { token: owner.token })).body.count as number;
const siteCount = async (org = orgId) => (await stack.call('GET', sites(org), { token: owner.token })).body.count as number;
const siteSpacesOf = async (siteId: string, token = owner.token) => (await stack.call('GET', `${sites()}/${siteId}/site-spaces`, { token })).body.items;

describe('POST ORG/sites with a new space', () => {
  test('When a site is created with spaces "empty", Then content has a new empty space titled like the site, and it is the site\'s default site space', async () => {
    const res = await stack.call('POST', sites(), { token: owner.token, body: { title: 'Handbook site', type: 'premium', visibility: 'unlisted', spaces: 'empty' } });
    expect(res.status).toBe(201);
    expect(res.headers.get('location')).toBe(res.body.urls.location);
    expect(res.body).toMatchObject({ object: 'site', title: 'Handbook site', type: 'premium', visibility: 'unlisted', siteSpaces: 1, published: false });
    expectOfficialSchema('Site', res.body);

    const [siteSpace] = await siteSpacesOf(res.body.id);
    expect(siteSpace).toMatchObject({ object: 'site-space', default: true, path: 'handbook-site', title: 'Handbook site' });
    // The space exists in content, for the caller, as the site space embeds it.
    const space = await stack.call('GET', `/v1/spaces/${siteSpace.space.id}`, { token: owner.token });
    expect(space.status).toBe(200);
    expect(space.body).toMatchObject({ title: 'Handbook site', organization: orgId });
    expect(siteSpace.space).toEqual(space.body);
    const pages = await stack.call('GET', `/v1/spaces/${siteSpace.space.id}/content/pages`, { token: owner.token });
    expect(pages.body.pages).toEqual([]);
    // It is listed among the organization's spaces and finds its site through the space filter.
    const listed = await stack.call('GET', `/v1/orgs/${orgId}/spaces?limit=1000`, { token: owner.token });
    expect(listed.body.items.map((s: { id: string }) => s.id)).toContain(siteSpace.space.id);
    const bySpace = await stack.call('GET', `${sites()}?space=${siteSpace.space.id}`, { token: owner.token });
    expect(bySpace.body.items.map((s: { id: string }) => s.id)).toEqual([res.body.id]);

    const [created] = await sitesDb('outbox').whereRaw(`event->>'subject' = ?`, [res.body.id]).orderBy('seq');
    expect(created).toMatchObject({ type: SitesEvents.SITE_CREATED, event: { data: { siteId: res.body.id, title: 'Handbook site', visibility: 'unlisted' } } });
  });

  test('When a site is created with spaces "sample" and no title, Then its new space holds the sample pages and both are titled "Untitled site"', async () => {
    const res = await stack.call('POST', sites(), { token: owner.token, body: { spaces: 'sample' } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ title: 'Untitled site', type: 'basic', visibility: 'public', siteSpaces: 1 });
    const [siteSpace] = await siteSpacesOf(res.body.id);
    expect(siteSpace.space.title).toBe('Untitled site');
    const pages = await stack.call('GET', `/v1/spaces/${siteSpace.space.id}/content/pages`, { token: owner.token });
    expect(pages.body.pages.map((p: { title: string }) => p.title)).toEqual(['Overview', 'Getting started', 'Guides', 'FAQ']);
  });

  test('When content refuses the new space (a 60-character title), Then it is a 400 saying so, and neither a site nor a space exists', async () => {
    const [spacesBefore, sitesBefore] = [await spaceCount(), await siteCount()];
    const title = `A site whose title is too long for a space ${'x'.repeat(17)}`;
    expect(title.length).toBe(60);
    const res = await stack.call('POST', sites(), { token: owner.token, body: { title, spaces: 'empty' } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: { code: 400, message: expect.stringMatching(/^The new space could not be created: body\.title must NOT have more than 50 characters/) } });
    expect([await spaceCount(), await siteCount()]).toEqual([spacesBefore, sitesBefore]);
    expect(await sitesDb('sites').where({ title })).toEqual([]);
    expect(await contentDb('spaces').where({ title })).toEqual([]);
  });

  test.each([
    ['an admin', () => Promise.resolve(owner)],
    ['a create member (who may not delete spaces)', () => memberWithRole('create')],
  ])('When the site of %s cannot be stored after content made its space, Then sites withdraws the space and no site exists', async (_who, who) => {
    const user = await who();
    // A real failure of the site's transaction, after the space exists: the database refuses this one title.
    const title = `Refused by the database ${user.id}`;
    await sitesDb.raw(`
      create or replace function refuse_test_site() returns trigger language plpgsql as $$
        begin raise exception 'the test refuses this site'; end $$;
      create or replace trigger refuse_test_site before insert on sites for each row when (new.title like 'Refused by the database %') execute function refuse_test_site();
    `);
    try {
      const [spacesBefore, sitesBefore] = [await spaceCount(), await siteCount()];
      const res = await stack.call('POST', sites(), { token: user.token, body: { title, spaces: 'empty' } });
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ error: { code: 500, message: expect.any(String) } });

      // Content made the space, then took it back when the site failed: it is in the trash, listed nowhere.
      const made = await contentDb('spaces').where({ organization_id: orgId, title });
      expect(made).toHaveLength(1);
      expect(made[0]).toMatchObject({ created_by: user.id, deleted_at: expect.any(Date) });
      const space = await stack.call('GET', `/v1/spaces/${made[0].id}`, { token: owner.token });
      expect(space.body.deletedAt).toEqual(expect.any(String));
      expect([await spaceCount(), await siteCount()]).toEqual([spacesBefore, sitesBefore]);
      expect(await sitesDb('sites').where({ title })).toEqual([]);
      expect(await sitesDb('site_spaces').where({ space_id: made[0].id })).toEqual([]);
      expect(await sitesDb('outbox').where({ type: SitesEvents.SITE_CREATED }).whereRaw(`event->'data'->>'title' = ?`, [title])).toEqual([]);
    } finally {
      await sitesDb.raw('drop trigger if exists refuse_test_site on sites; drop function if exists refuse_test_site();');
    }
    // Nothing else is affected: the same title works once the database accepts it.
    const again = await stack.call('POST', sites(), { token: user.token, body: { title, spaces: 'empty' } });
    expect(again.status).toBe(201);
  });

  test('When a create member asks for a site with a new space, Then both are made, the space by them', async () => {
    const creator = await stack.newUser('create-member');
    await stack.addMember(owner.token, orgId, creator.email, 'create');
    await stack.joined(creator.token, orgId);
    const res = await stack.call('POST', sites(), { token: creator.token, body: { title: 'Made by a creator', spaces: 'empty' } });
    expect(res.status).toBe(201);
    expect(res.body.permissions).toMatchObject({ view: true, admin: true, create: true });
    const [siteSpace] = await siteSpacesOf(res.body.id, creator.token);
    const [space] = await contentDb('spaces').where({ id: siteSpace.space.id });
    expect(space).toMatchObject({ title: 'Made by a creator', created_by: creator.id, deleted_at: null });
  });

  test('When a read member or another organization asks for a site with a new space, Then it is 403 / 404 and content makes no space', async () => {
    const before = await spaceCount();
    const byReader = await stack.call('POST', sites(), { token: reader.token, body: { title: 'Not allowed', spaces: 'empty' } });
    expect(byReader.status).toBe(403);
    const byOutsider = await stack.call('POST', sites(), { token: outsider.token, body: { title: 'Not allowed', spaces: 'empty' } });
    expect(byOutsider.status).toBe(404);
    expect(await spaceCount()).toBe(before);
    expect(await contentDb('spaces').where({ title: 'Not allowed' })).toEqual([]);
  });

  test.each([
    ['an unknown kind of new space', { spaces: 'blank' }],
    ['a number', { spaces: 3 }],
    ['a list holding a non-string', { spaces: [3] }],
  ])('When spaces is %s, Then it is a 400 naming body.spaces and nothing is made', async (_label, body) => {
    const [spacesBefore, sitesBefore] = [await spaceCount(), await siteCount()];
    const res = await stack.call('POST', sites(), { token: owner.token, body });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain('body.spaces');
    expect([await spaceCount(), await siteCount()]).toEqual([spacesBefore, sitesBefore]);
  });
});

describe('GET ORG/sites filters', () => {
  test('When sites are filtered by space, title, published state and type, Then each filter narrows the list and they combine', async () => {
    const u = await stack.newUser('filters');
    const org = (await stack.newOrg(u.token)).id;
    const create = async (body: object) => {
      const res = await stack.call('POST', sites(org), { token: u.token, body });
      expect(res.status).toBe(201);
      return res.body.id as string;
    };
    const guide = await stack.call('POST', `/v1/orgs/${org}/spaces`, { token: u.token, body: { title: 'Guide' } });
    const withGuide = await create({ title: 'Product docs', type: 'ultimate', spaces: [guide.body.id] });
    const withNew = await create({ title: 'API docs', type: 'premium', spaces: 'empty' });
    const plain = await create({ title: 'Changelog' });
    const alsoGuide = await create({ title: 'Partner docs', spaces: [guide.body.id] });
    expect((await stack.call('POST', `${sites(org)}/${withNew}/publish`, { token: u.token })).status).toBe(200);
    expect((await stack.call('POST', `${sites(org)}/${alsoGuide}/publish`, { token: u.token })).status).toBe(200);
    const newSpaceId = (await stack.call('GET', `${sites(org)}/${withNew}/site-spaces`, { token: u.token })).body.items[0].space.id;

    const ids = async (query: string) => {
      const res = await stack.call('GET', `${sites(org)}?${query}`, { token: u.token });
      expect(res.status).toBe(200);
      expect(res.body.count).toBe(res.body.items.length);
      return res.body.items.map((s: { id: string }) => s.id);
    };
    expect(await ids('')).toEqual([withGuide, withNew, plain, alsoGuide]);
    expect(await ids(`space=${guide.body.id}`)).toEqual([withGuide, alsoGuide]);
    expect(await ids(`space=${newSpaceId}`)).toEqual([withNew]);
    expect(await ids('space=unknown')).toEqual([]);
    expect(await ids('title=DOCS')).toEqual([withGuide, withNew, alsoGuide]);
    expect(await ids('title=change')).toEqual([plain]);
    expect(await ids('published=true')).toEqual([withNew, alsoGuide]);
    expect(await ids('published=false')).toEqual([withGuide, plain]);
    expect(await ids('type=basic')).toEqual([plain, alsoGuide]);
    expect(await ids('type=premium&type=ultimate')).toEqual([withGuide, withNew]);
    expect(await ids(`space=${guide.body.id}&published=true`)).toEqual([alsoGuide]);
    expect(await ids('title=docs&type=basic&published=true')).toEqual([alsoGuide]);
    expect(await ids('title=docs&published=false&type=premium')).toEqual([]);
  });
});

describe('POST SITE/unpublish', () => {
  test('When a published site is unpublished, Then the answer is the official Site, unpublished, without a published URL; again changes nothing', async () => {
    const created = await stack.call('POST', sites(), { token: owner.token, body: { title: 'Going offline', spaces: 'empty' } });
    const siteUrl = `${sites()}/${created.body.id}`;
    const published = await stack.call('POST', `${siteUrl}/publish`, { token: owner.token });
    expect(published.body).toMatchObject({ published: true, urls: { published: expect.any(String) } });

    const res = await stack.call('POST', `${siteUrl}/unpublish`, { token: owner.token });
    expect(res.status).toBe(200);
    expectOfficialSchema('Site', res.body);
    expect(res.body).toMatchObject({ object: 'site', id: created.body.id, published: false, siteSpaces: 1 });
    expect(res.body.urls.published).toBeUndefined();
    expect((await stack.call('GET', siteUrl, { token: owner.token })).body).toEqual(res.body);

    const again = await stack.call('POST', `${siteUrl}/unpublish`, { token: owner.token });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(res.body);
    const unpublishedEvents = await sitesDb('outbox').whereRaw(`event->>'subject' = ?`, [created.body.id]).where({ type: SitesEvents.SITE_UNPUBLISHED });
    expect(unpublishedEvents).toHaveLength(1);
  });
});
