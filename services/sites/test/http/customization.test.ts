import { newId } from '@dp/db';
import { componentOf, expectOfficialSchema, type ComponentCaller } from '@dp/testing';
import { sitesService } from '../../src';
import { insertSiteSpace, siteChanges } from './fixtures';

/**
 * GET/PUT SITE/customization and GET/PATCH/DELETE SITE/site-spaces/ID/customization on the sites app (component
 * level, docs/testing.md; docs/adr/0087). How the published pages draw the settings: test/unit/branding.test.ts
 * and the browser test of the reader's page.
 */
const api = componentOf('scu', sitesService);
const db = api.db;

const orgId = newId();
const owner: ComponentCaller = { user: newId(), roles: { [orgId]: 'admin' } };
const creator: ComponentCaller = { user: newId(), roles: { [orgId]: 'create' } };
const reader: ComponentCaller = { user: newId(), roles: { [orgId]: 'read' } };
const outsider: ComponentCaller = { user: newId(), roles: { [newId()]: 'admin' } };

const siteUrl = (siteId: string) => `/v1/orgs/${orgId}/sites/${siteId}/customization`;
const siteSpaceUrl = (siteId: string, siteSpaceId: string) => `/v1/orgs/${orgId}/sites/${siteId}/site-spaces/${siteSpaceId}/customization`;
const url = (href: string) => ({ kind: 'url', url: href });

const newSite = async (title = 'Handbook') => {
  const res = await api.call('POST', `/v1/orgs/${orgId}/sites`, { as: owner, body: { title } });
  expect(res.status).toBe(201);
  return res.body.id as string;
};


/** The `changed` lists of the site.updated events about the site in the outbox, oldest first. */
const changes = (siteId: string) => siteChanges(api, siteId);

/**
 * Official settings to PUT: the whole object, as a client makes it from a GET (the official input requires every
 * group), with `over`'s groups laid over it.
 */
async function full(siteId: string, over: Record<string, unknown>): Promise<Record<string, unknown>> {
  const { updatedAt: _, ...current } = (await api.call('GET', siteUrl(siteId), { as: owner })).body;
  const merged: Record<string, unknown> = { ...current };
  for (const [key, value] of Object.entries(over)) merged[key] = typeof value === 'object' && value !== null && !Array.isArray(value) ? { ...current[key], ...value } : value;
  return merged;
}

const branded = {
  title: 'Acme Handbook',
  styling: { primaryColor: { light: '#aa0000', dark: '#ff8888' }, corners: 'straight' },
  header: { preset: 'default', links: [{ title: 'Blog', to: url('https://blog.example.com'), links: [] }] },
  footer: { groups: [{ title: 'Company', links: [{ title: 'About', to: url('/about') }] }], copyright: '© Acme' },
  themes: { default: 'dark', toggeable: false },
};

describe('GET/PUT SITE/customization', () => {
  test('When a site was never customized, Then a reader gets the product defaults with the site title and no updatedAt', async () => {
    const siteId = await newSite();
    const res = await api.call('GET', siteUrl(siteId), { as: reader });
    expect(res.status).toBe(200);
    expectOfficialSchema('SiteCustomizationSettings', res.body);
    expect(res.body).toMatchObject({ title: 'Handbook', styling: { corners: 'rounded' }, themes: { default: 'system', toggeable: true }, pagination: { enabled: true } });
    expect(res.body.updatedAt).toBeUndefined();
    expect((await api.call('GET', `${siteUrl(siteId)}?unmasked=true`, { as: reader })).status).toBe(200);
  });

  test('When a creator replaces the settings, Then GET answers them over the defaults, the change is announced, and a second PUT replaces the first whole', async () => {
    const siteId = await newSite();
    const put = await api.call('PUT', siteUrl(siteId), { as: creator, body: await full(siteId, branded) });
    expect(put.status).toBe(200);
    expectOfficialSchema('SiteCustomizationSettings', put.body);
    expect(put.body).toMatchObject({ ...branded, styling: { ...branded.styling, theme: 'clean' }, pagination: { enabled: true }, updatedAt: expect.any(String) });
    expect((await api.call('GET', siteUrl(siteId), { as: reader })).body).toEqual(put.body);

    const { title: _title, ...untitled } = await full(siteId, { header: { preset: 'default', links: [] }, footer: { groups: [] }, styling: { corners: 'circular', primaryColor: { light: '#346DDB', dark: '#346DDB' } } });
    const again = await api.call('PUT', siteUrl(siteId), { as: owner, body: untitled });
    expect(again.status).toBe(200);
    // Replaced whole: the title it no longer sets is the site's again.
    expect(again.body).toMatchObject({ title: 'Handbook', styling: { corners: 'circular', primaryColor: { light: '#346DDB' } }, header: { links: [] }, footer: { groups: [] } });
    expect(await changes(siteId)).toEqual([['customization'], ['customization']]);
  });

  test('When the body is not official settings, Then it is a 400 naming the field, and nothing is stored', async () => {
    const siteId = await newSite();
    for (const [over, message] of [
      [{ styling: { primaryColor: { light: 'red', dark: '#000' } } }, /^body\.styling\.primaryColor\.light/],
      [{ themes: { default: 'sepia', toggeable: true } }, /^body\.themes\.default must be one of/],
      [{ title: 'x'.repeat(129) }, /^body\.title/],
      [{ styling: undefined }, /^body\.styling is required/],
    ] as const) {
      const res = await api.call('PUT', siteUrl(siteId), { as: owner, body: await full(siteId, over) });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: { code: 400, message: expect.stringMatching(message) } });
    }
    expect((await api.call('GET', siteUrl(siteId), { as: reader })).body.updatedAt).toBeUndefined();
  });

  test('When a tenant sends script links, script logos or more links than a page carries, Then it is a 400 that says where', async () => {
    const siteId = await newSite();
    const attacks: Array<[object, RegExp]> = [
      [{ footer: { groups: [{ title: 'x', links: [{ title: 'x', to: url('javascript:alert(document.cookie)') }] }] } }, /^body\.footer\.groups\.0\.links\.0\.to\.url must be an http\(s\) or mailto URL, or a path$/],
      [{ header: { preset: 'default', links: [], logo: { light: 'javascript:alert(1)', dark: 'https://cdn.example.com/l.png' } } }, /^body\.header\.logo\.light must be an http\(s\) URL$/],
      [{ header: { preset: 'default', links: Array.from({ length: 11 }, (_, i) => ({ title: `L${i}`, to: url('https://example.com'), links: [] })) } }, /^body\.header\.links has 11 items; at most 10$/],
    ];
    for (const [over, message] of attacks) {
      const res = await api.call('PUT', siteUrl(siteId), { as: owner, body: await full(siteId, { ...over }) });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toMatch(message);
    }
    expect(await changes(siteId)).toEqual([]);
  });

  test('When a reader, a stranger or another organization tries, Then it is a 403 or a 404, checked before the body', async () => {
    const siteId = await newSite();
    expect((await api.call('PUT', siteUrl(siteId), { as: reader, body: await full(siteId, branded) })).status).toBe(403);
    expect((await api.call('PUT', siteUrl(siteId), { as: reader, body: { styling: 'bad' } })).status).toBe(403);
    expect((await api.call('GET', siteUrl(siteId), { as: outsider })).status).toBe(404);
    expect((await api.call('GET', siteUrl(newId()), { as: owner })).status).toBe(404);
    expect((await api.call('PUT', siteUrl(siteId), { as: owner, body: [] })).status).toBe(400);
  });
});

describe('GET/PATCH/DELETE SITE/site-spaces/ID/customization', () => {
  test('When a site space overrides some settings, Then it shows the site settings with its overrides, a null resets one, and DELETE puts it back (205, then 204)', async () => {
    const siteId = await newSite();
    const siteSpaceId = await insertSiteSpace(db, orgId, siteId);
    expect((await api.call('PUT', siteUrl(siteId), { as: owner, body: await full(siteId, branded) })).status).toBe(200);

    const before = await api.call('GET', siteSpaceUrl(siteId, siteSpaceId), { as: reader });
    expect(before.status).toBe(200);
    expectOfficialSchema('SiteCustomizationSettings', before.body);
    expect(before.body).toMatchObject({ title: 'Acme Handbook' });

    const patched = await api.call('PATCH', siteSpaceUrl(siteId, siteSpaceId), { as: creator, body: { title: 'Acme Handbook v2', styling: { corners: 'circular' }, favicon: { emoji: '1f680' } } });
    expect(patched.status).toBe(200);
    expectOfficialSchema('SiteCustomizationSettings', patched.body);
    expect(patched.body).toMatchObject({ title: 'Acme Handbook v2', styling: { corners: 'circular', primaryColor: { light: '#aa0000' } }, favicon: { emoji: '1f680' } });

    const reset = await api.call('PATCH', siteSpaceUrl(siteId, siteSpaceId), { as: owner, body: { title: null } });
    expect(reset.body).toMatchObject({ title: 'Acme Handbook', styling: { corners: 'circular' } });
    // The site's own settings are untouched by a site space's overrides.
    expect((await api.call('GET', siteUrl(siteId), { as: reader })).body.styling.corners).toBe('straight');

    const removed = await api.call('DELETE', siteSpaceUrl(siteId, siteSpaceId), { as: owner });
    expect(removed.status).toBe(205);
    expect((await api.call('GET', siteSpaceUrl(siteId, siteSpaceId), { as: reader })).body).toMatchObject({ title: 'Acme Handbook', styling: { corners: 'straight' } });
    expect((await api.call('DELETE', siteSpaceUrl(siteId, siteSpaceId), { as: owner })).status).toBe(204);
    expect(await changes(siteId)).toEqual([['customization'], ['customization'], ['customization'], ['customization']]);
  });

  test('When an override is not official, hostile, of another site or by a reader, Then it is refused and nothing changes', async () => {
    const siteId = await newSite();
    const siteSpaceId = await insertSiteSpace(db, orgId, siteId);
    const otherSite = await newSite('Other');
    const bad = await api.call('PATCH', siteSpaceUrl(siteId, siteSpaceId), { as: owner, body: { styling: { corners: 'wavy' } } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/^body\.styling\.corners/);
    const hostile = await api.call('PATCH', siteSpaceUrl(siteId, siteSpaceId), { as: owner, body: { favicon: { icon: { light: 'javascript:x', dark: 'https://a.example.com/i.png' } } } });
    expect(hostile.status).toBe(400);
    expect(hostile.body.error.message).toBe('body.favicon.icon.light must be an http(s) URL');
    expect((await api.call('PATCH', siteSpaceUrl(siteId, siteSpaceId), { as: reader, body: { title: 'Mine' } })).status).toBe(403);
    expect((await api.call('PATCH', siteSpaceUrl(otherSite, siteSpaceId), { as: owner, body: { title: 'Mine' } })).status).toBe(404);
    expect((await api.call('GET', siteSpaceUrl(otherSite, siteSpaceId), { as: owner })).status).toBe(404);
    expect((await api.call('DELETE', siteSpaceUrl(otherSite, siteSpaceId), { as: owner })).status).toBe(404);
    expect((await api.call('DELETE', siteSpaceUrl(siteId, siteSpaceId), { as: owner })).status).toBe(204);
  });
});
