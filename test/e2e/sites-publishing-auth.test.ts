import type { Knex } from 'knex';
import { SitesEvents } from '@dp/events';
import { expectOfficialSchema } from '@dp/testing';
import { bootStack, type TestStack, type TestUser } from '../support/stack';

/** GET/PATCH SITE/publishing/auth and POST .../regenerate through the gateway (issue 11, docs/adr/0041). */

let stack: TestStack;
let db: Knex;
let owner: TestUser;
let creator: TestUser;
let reader: TestUser;
let outsider: TestUser;
let orgId: string;
let outsiderOrgId: string;

beforeAll(async () => {
  stack = await bootStack('spa');
  db = stack.schemaDb('sites');
  [owner, creator, reader, outsider] = await Promise.all(['auth-owner', 'auth-creator', 'auth-reader', 'auth-outsider'].map((name) => stack.newUser(name)));
  orgId = (await stack.newOrg(owner.token)).id;
  outsiderOrgId = (await stack.newOrg(outsider.token, 'Elsewhere')).id;
  await stack.addMember(owner.token, orgId, creator.email, 'create');
  await stack.addMember(owner.token, orgId, reader.email, 'read');
  await Promise.all([stack.joined(creator.token, orgId), stack.joined(reader.token, orgId)]);
}, 60_000);
afterAll(() => stack?.stop(), 60_000);

const authUrl = (siteId: string, org = orgId) => `/v1/orgs/${org}/sites/${siteId}/publishing/auth`;
const newSite = async () => {
  const res = await stack.call('POST', `/v1/orgs/${orgId}/sites`, { token: owner.token, body: { title: 'Members only', visibility: 'visitor-auth' } });
  expect(res.status).toBe(201);
  return res.body.id as string;
};
const changes = async (siteId: string) =>
  (await db('outbox').whereRaw(`event->>'subject' = ?`, [siteId]).where({ type: SitesEvents.SITE_UPDATED }).orderBy('id')).map((row: { event: { data: { changed: string[] } } }) => row.event.data);

describe('GET SITE/publishing/auth', () => {
  test('When an admin reads it the first time, Then the site gets a 256-bit key, the same on every read, and no URLs', async () => {
    const siteId = await newSite();
    const first = await stack.call('GET', authUrl(siteId), { token: owner.token });
    expect(first.status).toBe(200);
    expectOfficialSchema('SitePublishingAuth', first.body);
    expect(first.body).toEqual({ object: 'publishing-auth', backend: 'custom', privateKey: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
    expect(Buffer.from(first.body.privateKey, 'base64url')).toHaveLength(32);
    const again = await stack.call('GET', authUrl(siteId), { token: creator.token });
    expect(again.body).toEqual(first.body);
    // A first read makes the key; it changes no setting, so nothing is announced.
    expect(await changes(siteId)).toEqual([]);
  });

  test('When two sites are read, Then each has its own key', async () => {
    const [a, b] = [await newSite(), await newSite()];
    const [ka, kb] = await Promise.all([a, b].map(async (id) => (await stack.call('GET', authUrl(id), { token: owner.token })).body.privateKey));
    expect(ka).not.toBe(kb);
  });
});

describe('PATCH SITE/publishing/auth', () => {
  test('When a creator sets, keeps and unsets the fallback and logout URLs, Then each answer says so and the change is announced', async () => {
    const siteId = await newSite();
    const key = (await stack.call('GET', authUrl(siteId), { token: owner.token })).body.privateKey;
    const set = await stack.call('PATCH', authUrl(siteId), { token: creator.token, body: { backend: 'custom', fallbackURL: 'https://login.example.com/docs?next=1', logoutURL: 'https://login.example.com/logout' } });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ object: 'publishing-auth', backend: 'custom', privateKey: key, fallbackURL: 'https://login.example.com/docs?next=1', logoutURL: 'https://login.example.com/logout' });

    const kept = await stack.call('PATCH', authUrl(siteId), { token: owner.token, body: { backend: 'custom', logoutURL: null } });
    expect(kept.body).toEqual({ object: 'publishing-auth', backend: 'custom', privateKey: key, fallbackURL: 'https://login.example.com/docs?next=1' });
    expect((await stack.call('GET', authUrl(siteId), { token: owner.token })).body).toEqual(kept.body);

    const unset = await stack.call('PATCH', authUrl(siteId), { token: owner.token, body: { backend: 'custom', fallbackURL: null } });
    expect(unset.body).toEqual({ object: 'publishing-auth', backend: 'custom', privateKey: key });
    expect(await changes(siteId)).toEqual([
      expect.objectContaining({ siteId, organizationId: orgId, changed: ['publishingAuth'] }),
      expect.objectContaining({ changed: ['publishingAuth'] }),
      expect.objectContaining({ changed: ['publishingAuth'] }),
    ]);
    // The key is never in an event.
    expect(JSON.stringify(await db('outbox').whereRaw(`event->>'subject' = ?`, [siteId]))).not.toContain(key);
  });

  test('When a site never read is patched, Then it gets its key then', async () => {
    const siteId = await newSite();
    const res = await stack.call('PATCH', authUrl(siteId), { token: owner.token, body: { backend: 'custom', fallbackURL: 'http://localhost:3000/login' } });
    expect(res.status).toBe(200);
    expect(res.body.privateKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.body.fallbackURL).toBe('http://localhost:3000/login');
  });

  test.each([
    ['no backend', { fallbackURL: 'https://a.example.com' }, /body.*backend/],
    ['an unknown backend', { backend: 'saml' }, /body\.backend/],
    ['a relative fallback URL', { backend: 'custom', fallbackURL: '/login' }, /body\.fallbackURL/],
    ['a javascript: fallback URL', { backend: 'custom', fallbackURL: 'javascript:alert(1)' }, /body\.fallbackURL/],
    ['a fallback URL that is not a string', { backend: 'custom', fallbackURL: 42 }, /body\.fallbackURL/],
    ['a logout URL over 2048 characters', { backend: 'custom', logoutURL: `https://a.example.com/${'x'.repeat(2048)}` }, /body\.logoutURL/],
    ['an unknown field', { backend: 'custom', privateKey: 'mine' }, /privateKey/],
    ['the integration backend', { backend: 'integration' }, /integration.*use "custom"/],
  ])('When the body has %s, Then it is a 400 naming it and nothing changes', async (_case, body, message) => {
    const siteId = await newSite();
    const before = (await stack.call('GET', authUrl(siteId), { token: owner.token })).body;
    const res = await stack.call('PATCH', authUrl(siteId), { token: owner.token, body });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(message);
    expect((await stack.call('GET', authUrl(siteId), { token: owner.token })).body).toEqual(before);
  });
});

describe('POST SITE/publishing/auth/regenerate', () => {
  test('When the key is regenerated, Then a new 256-bit key replaces it, the URLs stay, and the change is announced', async () => {
    const siteId = await newSite();
    const before = await stack.call('PATCH', authUrl(siteId), { token: owner.token, body: { backend: 'custom', fallbackURL: 'https://login.example.com/' } });
    const res = await stack.call('POST', `${authUrl(siteId)}/regenerate`, { token: creator.token });
    expect(res.status).toBe(200);
    expectOfficialSchema('SitePublishingAuth', res.body);
    expect(res.body).toEqual({ ...before.body, privateKey: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
    expect(res.body.privateKey).not.toBe(before.body.privateKey);
    expect((await stack.call('GET', authUrl(siteId), { token: owner.token })).body.privateKey).toBe(res.body.privateKey);
    expect((await changes(siteId)).map((data) => data.changed)).toEqual([['publishingAuth'], ['publishingAuth']]);
  });
});

describe('who may', () => {
  test('When a read member asks, Then every operation is a 403 and the key is not shown', async () => {
    const siteId = await newSite();
    for (const [method, path, body] of [
      ['GET', authUrl(siteId), undefined],
      ['PATCH', authUrl(siteId), { backend: 'custom', fallbackURL: 'https://evil.example.com/' }],
      ['POST', `${authUrl(siteId)}/regenerate`, undefined],
    ] as const) {
      const res = await stack.call(method, path, { token: reader.token, body });
      expect(res.status).toBe(403);
      expect(JSON.stringify(res.body)).not.toMatch(/privateKey/);
    }
    expect(await db('site_publishing_auth').where({ site_id: siteId }).first()).toBeUndefined();
  });

  test('When someone of another organization asks, by our organization or by theirs, Then it is a 404', async () => {
    const siteId = await newSite();
    for (const org of [orgId, outsiderOrgId]) {
      expect((await stack.call('GET', authUrl(siteId, org), { token: outsider.token })).status).toBe(404);
      expect((await stack.call('PATCH', authUrl(siteId, org), { token: outsider.token, body: { backend: 'custom' } })).status).toBe(404);
      expect((await stack.call('POST', `${authUrl(siteId, org)}/regenerate`, { token: outsider.token })).status).toBe(404);
    }
  });

  test('When the site is deleted, Then its publishing auth goes with it', async () => {
    const siteId = await newSite();
    await stack.call('GET', authUrl(siteId), { token: owner.token });
    expect((await stack.call('DELETE', `/v1/orgs/${orgId}/sites/${siteId}`, { token: owner.token })).status).toBeLessThan(300);
    expect(await db('site_publishing_auth').where({ site_id: siteId }).first()).toBeUndefined();
    expect((await stack.call('GET', authUrl(siteId), { token: owner.token })).status).toBe(404);
  });
});
