import { newId } from '@dp/db';
import { isCatalogEvent, SitesEvents, type CatalogEvent } from '@dp/events';
import { componentOf, expectOfficialSchema, type ComponentCaller } from '@dp/testing';
import { sitesService } from '../../src';

/**
 * GET/PATCH SITE/publishing/auth and POST .../regenerate on the sites app (component level, docs/testing.md;
 * issue 11, docs/adr/0041): callers are signed assertions with their roles, events are read from the outbox.
 */
const api = componentOf('spa', sitesService);
const db = api.db;

const orgId = newId();
const outsiderOrgId = newId();
const owner: ComponentCaller = { user: newId(), roles: { [orgId]: 'admin' } };
const creator: ComponentCaller = { user: newId(), roles: { [orgId]: 'create' } };
const reader: ComponentCaller = { user: newId(), roles: { [orgId]: 'read' } };
const outsider: ComponentCaller = { user: newId(), roles: { [outsiderOrgId]: 'admin' } };

const authUrl = (siteId: string, org = orgId) => `/v1/orgs/${org}/sites/${siteId}/publishing/auth`;
const newSite = async () => {
  const res = await api.call('POST', `/v1/orgs/${orgId}/sites`, { as: owner, body: { title: 'Members only', visibility: 'visitor-auth' } });
  expect(res.status).toBe(201);
  return res.body.id as string;
};
/** The data of the site.updated events about `siteId` in the service's outbox, oldest first. */
const changes = async (siteId: string) =>
  (await api.outbox(SitesEvents.SITE_UPDATED)).filter((e): e is CatalogEvent<typeof SitesEvents.SITE_UPDATED> => isCatalogEvent(e, SitesEvents.SITE_UPDATED) && e.subject === siteId).map((e) => e.data);

describe('GET SITE/publishing/auth', () => {
  test('When an admin reads it the first time, Then the site gets a 256-bit key, the same on every read, and no URLs', async () => {
    const siteId = await newSite();
    const first = await api.call('GET', authUrl(siteId), { as: owner });
    expect(first.status).toBe(200);
    expectOfficialSchema('SitePublishingAuth', first.body);
    expect(first.body).toEqual({ object: 'publishing-auth', backend: 'custom', privateKey: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
    expect(Buffer.from(first.body.privateKey, 'base64url')).toHaveLength(32);
    const again = await api.call('GET', authUrl(siteId), { as: creator });
    expect(again.body).toEqual(first.body);
    // A first read makes the key; it changes no setting, so nothing is announced.
    expect(await changes(siteId)).toEqual([]);
  });

  test('When two sites are read, Then each has its own key', async () => {
    const [a, b] = [await newSite(), await newSite()];
    const [ka, kb] = await Promise.all([a, b].map(async (id) => (await api.call('GET', authUrl(id), { as: owner })).body.privateKey));
    expect(ka).not.toBe(kb);
  });
});

describe('PATCH SITE/publishing/auth', () => {
  test('When a creator sets, keeps and unsets the fallback and logout URLs, Then each answer says so and the change is announced', async () => {
    const siteId = await newSite();
    const key = (await api.call('GET', authUrl(siteId), { as: owner })).body.privateKey;
    const set = await api.call('PATCH', authUrl(siteId), { as: creator, body: { backend: 'custom', fallbackURL: 'https://login.example.com/docs?next=1', logoutURL: 'https://login.example.com/logout' } });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ object: 'publishing-auth', backend: 'custom', privateKey: key, fallbackURL: 'https://login.example.com/docs?next=1', logoutURL: 'https://login.example.com/logout' });

    const kept = await api.call('PATCH', authUrl(siteId), { as: owner, body: { backend: 'custom', logoutURL: null } });
    expect(kept.body).toEqual({ object: 'publishing-auth', backend: 'custom', privateKey: key, fallbackURL: 'https://login.example.com/docs?next=1' });
    expect((await api.call('GET', authUrl(siteId), { as: owner })).body).toEqual(kept.body);

    const unset = await api.call('PATCH', authUrl(siteId), { as: owner, body: { backend: 'custom', fallbackURL: null } });
    expect(unset.body).toEqual({ object: 'publishing-auth', backend: 'custom', privateKey: key });
    expect(await changes(siteId)).toEqual([
      expect.objectContaining({ siteId, organizationId: orgId, changed: ['publishingAuth'] }),
      expect.objectContaining({ changed: ['publishingAuth'] }),
      expect.objectContaining({ changed: ['publishingAuth'] }),
    ]);
    // The key is never in an event.
    expect(JSON.stringify((await api.outbox()).filter((e) => e.subject === siteId))).not.toContain(key);
  });

  test('When a site never read is patched, Then it gets its key then', async () => {
    const siteId = await newSite();
    const res = await api.call('PATCH', authUrl(siteId), { as: owner, body: { backend: 'custom', fallbackURL: 'http://localhost:3000/login' } });
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
    const before = (await api.call('GET', authUrl(siteId), { as: owner })).body;
    const res = await api.call('PATCH', authUrl(siteId), { as: owner, body });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(message);
    expect((await api.call('GET', authUrl(siteId), { as: owner })).body).toEqual(before);
  });
});

describe('POST SITE/publishing/auth/regenerate', () => {
  test('When the key is regenerated, Then a new 256-bit key replaces it, the URLs stay, and the change is announced', async () => {
    const siteId = await newSite();
    const before = await api.call('PATCH', authUrl(siteId), { as: owner, body: { backend: 'custom', fallbackURL: 'https://login.example.com/' } });
    const res = await api.call('POST', `${authUrl(siteId)}/regenerate`, { as: creator });
    expect(res.status).toBe(200);
    expectOfficialSchema('SitePublishingAuth', res.body);
    expect(res.body).toEqual({ ...before.body, privateKey: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
    expect(res.body.privateKey).not.toBe(before.body.privateKey);
    expect((await api.call('GET', authUrl(siteId), { as: owner })).body.privateKey).toBe(res.body.privateKey);
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
      const res = await api.call(method, path, { as: reader, body });
      expect(res.status).toBe(403);
      expect(JSON.stringify(res.body)).not.toMatch(/privateKey/);
    }
    expect(await db('site_publishing_auth').where({ site_id: siteId }).first()).toBeUndefined();
  });

  test('When someone of another organization asks, by our organization or by theirs, Then it is a 404', async () => {
    const siteId = await newSite();
    for (const org of [orgId, outsiderOrgId]) {
      expect((await api.call('GET', authUrl(siteId, org), { as: outsider })).status).toBe(404);
      expect((await api.call('PATCH', authUrl(siteId, org), { as: outsider, body: { backend: 'custom' } })).status).toBe(404);
      expect((await api.call('POST', `${authUrl(siteId, org)}/regenerate`, { as: outsider })).status).toBe(404);
    }
  });

  test('When the site is deleted, Then its publishing auth goes with it', async () => {
    const siteId = await newSite();
    await api.call('GET', authUrl(siteId), { as: owner });
    expect((await api.call('DELETE', `/v1/orgs/${orgId}/sites/${siteId}`, { as: owner })).status).toBeLessThan(300);
    expect(await db('site_publishing_auth').where({ site_id: siteId }).first()).toBeUndefined();
    expect((await api.call('GET', authUrl(siteId), { as: owner })).status).toBe(404);
  });
});
