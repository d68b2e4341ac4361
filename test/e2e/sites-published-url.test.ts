import { ASSERTION_HEADER, signAssertion, type Role } from '@dp/auth';
import { apiClient } from '@dp/testing';
import { bootStack, type TestStack } from '../support/stack';

/**
 * GET /internal/spaces/:spaceId/published-url on the sites api itself, as content calls it: with the end
 * user's signed caller assertion, never through the gateway.
 */
let stack: TestStack;
let owner: { id: string; token: string };
let orgId: string;

beforeAll(async () => {
  stack = await bootStack('spu');
  owner = await stack.newUser('published-url-owner');
  orgId = (await stack.newOrg(owner.token)).id;
}, 60_000);
afterAll(async () => {
  await stack?.stop();
}, 60_000);

const assertionFor = (memberships: Record<string, Role> = { [orgId]: 'read' }) => signAssertion({ userId: owner.id, staff: false, memberships }, stack.secret);
const publishedUrl = async (spaceId: string, opts: { shareKey?: string; memberships?: Record<string, Role>; query?: string } = {}) => {
  const query = opts.query ?? (opts.shareKey !== undefined ? `?shareKey=${encodeURIComponent(opts.shareKey)}` : '');
  return apiClient(stack.apis.sites.url)('GET', `/internal/spaces/${spaceId}/published-url${query}`, { headers: { [ASSERTION_HEADER]: assertionFor(opts.memberships) } });
};
const newSpace = async (title: string) => {
  const res = await stack.call('POST', `/v1/orgs/${orgId}/spaces`, { token: owner.token, body: { title } });
  expect(res.status).toBe(201);
  return res.body.id as string;
};
const newSite = async (body: { visibility: string; spaces: string[]; publish?: boolean }) => {
  const res = await stack.call('POST', `/v1/orgs/${orgId}/sites`, { token: owner.token, body: { title: `A ${body.visibility} site`, visibility: body.visibility, spaces: body.spaces } });
  expect(res.status).toBe(201);
  if (body.publish !== false) expect((await stack.call('POST', `/v1/orgs/${orgId}/sites/${res.body.id}/publish`, { token: owner.token })).status).toBe(200);
  return res.body.id as string;
};
const siteSpaceUrl = async (siteId: string, spaceId: string) => {
  const res = await stack.call('GET', `/v1/orgs/${orgId}/sites/${siteId}/site-spaces`, { token: owner.token });
  return res.body.items.find((s: { space: { id: string } }) => s.space.id === spaceId).urls.published as string;
};
const newShareLink = async (siteId: string) => {
  const res = await stack.call('POST', `/v1/orgs/${orgId}/sites/${siteId}/share-links`, { token: owner.token, body: { name: 'Reviewers' } });
  expect(res.status).toBe(201);
  return { id: res.body.id as string, key: new URL(res.body.urls.published).searchParams.get('share')! };
};

describe('published URL of a space, for content', () => {
  test('When the space is the second site space of a published public site, Then it is the site space URL, with or without a share key', async () => {
    const first = await newSpace('Home');
    const space = await newSpace('Guide');
    const site = await newSite({ visibility: 'public', spaces: [first, space] });
    const expected = await siteSpaceUrl(site, space);
    expect(expected).toMatch(new RegExp(`/${orgId}/${site}/guide$`));
    expect(await publishedUrl(space)).toMatchObject({ status: 200, body: { published: expected } });
    expect((await publishedUrl(space, { shareKey: 'whatever' })).body).toEqual({ published: expected });
    expect((await publishedUrl(first)).body).toEqual({ published: expected.replace(/\/guide$/, '') });
  });

  test('When the space is in a published share-link site, Then only the key of an active share link opens it, and the URL carries that key', async () => {
    const space = await newSpace('Secret');
    const site = await newSite({ visibility: 'share-link', spaces: [space] });
    const link = await newShareLink(site);
    const url = await siteSpaceUrl(site, space);

    expect((await publishedUrl(space, { shareKey: link.key })).body).toEqual({ published: `${url}?share=${link.key}` });
    expect((await publishedUrl(space, { shareKey: `${link.key}x` })).body).toEqual({});
    expect((await publishedUrl(space)).body).toEqual({});
    expect((await publishedUrl(space, { shareKey: '' })).body).toEqual({});

    const other = await newShareLink(await newSite({ visibility: 'share-link', spaces: [await newSpace('Elsewhere')] }));
    expect((await publishedUrl(space, { shareKey: other.key })).body).toEqual({});

    expect((await stack.call('PATCH', `/v1/orgs/${orgId}/sites/${site}/share-links/${link.id}`, { token: owner.token, body: { active: false } })).status).toBe(200);
    expect((await publishedUrl(space, { shareKey: link.key })).body).toEqual({});
    expect((await stack.call('PATCH', `/v1/orgs/${orgId}/sites/${site}/share-links/${link.id}`, { token: owner.token, body: { active: true } })).status).toBe(200);
    expect((await publishedUrl(space, { shareKey: link.key })).body).toEqual({ published: `${url}?share=${link.key}` });
    expect((await stack.call('DELETE', `/v1/orgs/${orgId}/sites/${site}/share-links/${link.id}`, { token: owner.token })).status).toBe(205);
    expect((await publishedUrl(space, { shareKey: link.key })).body).toEqual({});
  });

  test('When the site is not published, or needs visitor authentication, Then there is no published URL', async () => {
    const unpublished = await newSpace('Draft');
    await newSite({ visibility: 'public', spaces: [unpublished], publish: false });
    expect(await publishedUrl(unpublished)).toMatchObject({ status: 200, body: {} });

    const later = await newSpace('Later');
    const site = await newSite({ visibility: 'share-link', spaces: [later], publish: false });
    const link = await newShareLink(site);
    expect((await publishedUrl(later, { shareKey: link.key })).body).toEqual({});

    const guarded = await newSpace('Guarded');
    await newSite({ visibility: 'visitor-auth', spaces: [guarded] });
    expect((await publishedUrl(guarded)).body).toEqual({});
  });

  test('When the space is in no site, or unknown, Then there is no published URL', async () => {
    expect(await publishedUrl(await newSpace('Alone'))).toMatchObject({ status: 200, body: {} });
    expect(await publishedUrl('nosuchspace')).toMatchObject({ status: 200, body: {} });
  });

  test('When several sites show the space, Then the one the share key opens is preferred, otherwise the oldest', async () => {
    const space = await newSpace('Everywhere');
    const older = await newSite({ visibility: 'unlisted', spaces: [space] });
    const newer = await newSite({ visibility: 'share-link', spaces: [space] });
    const newest = await newSite({ visibility: 'public', spaces: [space] });
    const link = await newShareLink(newer);
    expect((await publishedUrl(space)).body).toEqual({ published: await siteSpaceUrl(older, space) });
    expect((await publishedUrl(space, { shareKey: link.key })).body).toEqual({ published: `${await siteSpaceUrl(newer, space)}?share=${link.key}` });
    expect((await stack.call('POST', `/v1/orgs/${orgId}/sites/${older}/unpublish`, { token: owner.token })).status).toBe(200);
    expect((await publishedUrl(space)).body).toEqual({ published: await siteSpaceUrl(newest, space) });
  });

  test("When the caller is not a member of the site's organization, Then there is no published URL", async () => {
    const space = await newSpace('Members only');
    await newSite({ visibility: 'public', spaces: [space] });
    expect((await publishedUrl(space)).body).toHaveProperty('published');
    expect(await publishedUrl(space, { memberships: {} })).toMatchObject({ status: 200, body: {} });
    expect(await publishedUrl(space, { memberships: { someOtherOrg: 'admin' } })).toMatchObject({ status: 200, body: {} });
  });

  test('When a client asks the gateway for the internal path, Then it is not routed: 404', async () => {
    for (const path of ['/internal/spaces/anyspace/published-url', '/v1/internal/spaces/anyspace/published-url']) {
      const res = await stack.call('GET', path, { token: owner.token });
      expect({ path, status: res.status }).toEqual({ path, status: 404 });
    }
  });
});
