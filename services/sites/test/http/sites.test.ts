import { newId } from '@dp/db';
import { SitesEvents } from '@dp/events';
import { componentOf, expectOfficialSchema, type ComponentCaller } from '@dp/testing';
import { sitesService } from '../../src';

/**
 * Sites on the sites app (component level, docs/testing.md): created without spaces, patched, unpublished, who
 * may, and bad input. Callers are signed assertions with their roles; events are read from the outbox. What needs
 * a space of content stays in test/e2e/sites.test.ts.
 */
const api = componentOf('sit', sitesService);

const orgId = newId();
const ownerId = newId();
const owner: ComponentCaller = { user: ownerId, roles: { [orgId]: 'admin' } };

const sites = (org = orgId) => `/v1/orgs/${org}/sites`;
const newSite = async (body: object = { title: 'Docs site' }, as: ComponentCaller = owner, org = orgId) => {
  const res = await api.call('POST', sites(org), { as, body });
  expect(res.status).toBe(201);
  return res.body as { id: string; title: string; urls: { location: string } };
};
/** The events about `siteId` in the service's outbox, oldest first. */
const outboxOf = async (siteId: string) => (await api.outbox()).filter((e) => e.subject === siteId);

describe('sites on the sites app', () => {
  test('When a creator creates a site, Then it is 201 with Location, unpublished, basic, and validates against the official Site schema', async () => {
    const res = await api.call('POST', sites(), { as: owner, body: { title: 'Public docs', visibility: 'unlisted' } });
    expect(res.status).toBe(201);
    expect(res.headers.get('location')).toBe(res.body.urls.location);
    expect(res.body).toMatchObject({
      object: 'site',
      title: 'Public docs',
      type: 'basic',
      appliedType: 'basic',
      visibility: 'unlisted',
      published: false,
      siteSpaces: 0,
      adaptiveContent: { enabled: false },
      agentsContext: 'included',
      features: [],
      permissions: { view: true, admin: true, create: true },
    });
    expect(res.body.urls.published).toBeUndefined();
    expectOfficialSchema('Site', res.body);
    const again = await api.call('GET', `${sites()}/${res.body.id}`, { as: owner });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(res.body);
    const [created] = await outboxOf(res.body.id);
    expect(created).toMatchObject({ type: SitesEvents.SITE_CREATED, data: { siteId: res.body.id, organizationId: orgId, title: 'Public docs', visibility: 'unlisted' } });
  });

  test.each([
    ['malformed JSON', { rawBody: '{"title":' }],
    ['a wrong type', { body: { title: 42 } }],
    ['spaces that are not an array', { body: { spaces: 'abc' } }],
    ['an unknown visibility', { body: { visibility: 'secret' } }],
    ['an unknown type', { body: { type: 'gold' } }],
    ['an over-long title', { body: { title: 'x'.repeat(129) } }],
    ['a one-character title', { body: { title: 'x' } }],
    ['an unknown field', { body: { colour: 'red' } }],
    ['the same space twice', { body: { spaces: ['abc', 'abc'] } }],
  ])('When the create body has %s, Then it is a 400 JSON error and nothing is written', async (_label, opts) => {
    const before = await api.call('GET', sites(), { as: owner });
    const res = await api.call('POST', sites(), { as: owner, ...(opts as object) });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: { code: 400, message: expect.any(String) } });
    const after = await api.call('GET', sites(), { as: owner });
    expect(after.body.count).toBe(before.body.count);
  });

  test('When the page token is forged or a filter has a wrong type, Then listing is a 400', async () => {
    expect((await api.call('GET', `${sites()}?page=not-a-token`, { as: owner })).status).toBe(400);
    expect((await api.call('GET', `${sites()}?published=maybe`, { as: owner })).status).toBe(400);
    expect((await api.call('GET', `${sites()}?type=gold`, { as: owner })).status).toBe(400);
  });

  test('When a site is patched, Then its settings change and the proxy is set, shown and removed with null', async () => {
    const site = await newSite();
    const res = await api.call('PATCH', `${sites()}/${site.id}`, {
      as: owner,
      body: { title: 'Renamed site', visibility: 'share-link', basename: 'api', adaptiveContent: { enabled: true }, agentsContext: 'excluded', proxy: 'company.com/docs' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      title: 'Renamed site',
      visibility: 'share-link',
      basename: 'api',
      adaptiveContent: { enabled: true },
      agentsContext: 'excluded',
      proxy: { origin: 'company.com/docs', target: expect.stringMatching(new RegExp(`/${orgId}/${site.id}$`)) },
    });
    expectOfficialSchema('Site', res.body);
    expect((await api.call('GET', `${sites()}/${site.id}`, { as: owner })).body).toEqual(res.body);
    const [, updated] = await outboxOf(site.id);
    expect(updated).toMatchObject({ type: SitesEvents.SITE_UPDATED, data: { changed: ['title', 'visibility', 'basename', 'adaptiveContent', 'agentsContext', 'proxy'] } });

    const removed = await api.call('PATCH', `${sites()}/${site.id}`, { as: owner, body: { proxy: null } });
    expect(removed.status).toBe(200);
    expect(removed.body.proxy).toBeUndefined();
    expect(removed.body.title).toBe('Renamed site');
  });

  test('When another site already uses a proxy origin, Then claiming it is a 409', async () => {
    const a = await newSite();
    const b = await newSite();
    expect((await api.call('PATCH', `${sites()}/${a.id}`, { as: owner, body: { proxy: 'taken.example.com/docs' } })).status).toBe(200);
    const res = await api.call('PATCH', `${sites()}/${b.id}`, { as: owner, body: { proxy: 'TAKEN.example.com/docs' } });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toContain('proxy');
  });

  test.each([
    ['a malformed proxy (no path)', { proxy: 'company.com' }],
    ['a malformed proxy (scheme)', { proxy: 'https://company.com/docs' }],
    ['a malformed proxy (trailing slash)', { proxy: 'company.com/docs/' }],
    ['a proxy of the wrong type', { proxy: 42 }],
    ['an unknown visibility', { visibility: 'private' }],
    ['an over-long title', { title: 'x'.repeat(129) }],
    ['an over-long basename', { basename: 'x'.repeat(101) }],
    ['adaptiveContent that is not an object', { adaptiveContent: true }],
    ['adaptiveContent without enabled', { adaptiveContent: {} }],
    ['an unknown agentsContext', { agentsContext: 'maybe' }],
    ['an unknown field', { styleguides: 'x' }],
    ['nothing to change', {}],
  ])('When the patch has %s, Then it is a 400 and the site is unchanged', async (_label, body) => {
    const site = await newSite({ title: 'Unchanged' });
    const res = await api.call('PATCH', `${sites()}/${site.id}`, { as: owner, body });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: { code: 400, message: expect.any(String) } });
    if ('proxy' in body) expect(res.body.error.message).toMatch(/^body\.proxy /);
    expect((await api.call('GET', `${sites()}/${site.id}`, { as: owner })).body).toEqual(site);
  });

  test('When the patch names a default site section or a site space not in the site, Then it is a 400 saying why', async () => {
    const site = await newSite();
    const section = await api.call('PATCH', `${sites()}/${site.id}`, { as: owner, body: { defaultSiteSection: 'sec1' } });
    expect(section.status).toBe(400);
    expect(section.body.error.message).toMatch(/defaultSiteSection.*sec1.*no sections/);
    const siteSpace = await api.call('PATCH', `${sites()}/${site.id}`, { as: owner, body: { defaultSiteSpace: 'nope' } });
    expect(siteSpace.status).toBe(400);
    expect(siteSpace.body.error.message).toMatch(/defaultSiteSpace.*not in this site/);
  });

  test('When a site is unpublished, Then it is 200 with the Site (official), no published URL, and sites.site.unpublished is in the outbox', async () => {
    const site = await newSite();
    await api.call('POST', `${sites()}/${site.id}/publish`, { as: owner });
    const res = await api.call('POST', `${sites()}/${site.id}/unpublish`, { as: owner });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: site.id, published: false });
    expect(res.body.urls.published).toBeUndefined();
    expectOfficialSchema('Site', res.body);
    const rows = await outboxOf(site.id);
    expect(rows.map((e) => e.type)).toEqual([SitesEvents.SITE_CREATED, SitesEvents.SITE_PUBLISHED, SitesEvents.SITE_UNPUBLISHED]);
    expect(rows[2].data).toEqual({ siteId: site.id, organizationId: orgId, unpublishedBy: ownerId });
    expect((await api.call('POST', `${sites()}/${site.id}/unpublish`, { as: owner })).status).toBe(200);
    expect(await outboxOf(site.id)).toHaveLength(3);
  });

  test('When a read member or another organization unpublishes, Then it is 403 / 404 and the site stays published', async () => {
    const reader: ComponentCaller = { user: newId(), roles: { [orgId]: 'read' } };
    const outsider: ComponentCaller = { user: newId(), roles: { [newId()]: 'admin' } };
    const created = await api.call('POST', sites(), { as: owner, body: { title: 'Staying online' } });
    const siteUrl = `${sites()}/${created.body.id}`;
    expect((await api.call('POST', `${siteUrl}/publish`, { as: owner })).status).toBe(200);
    expect((await api.call('POST', `${siteUrl}/unpublish`, { as: reader })).status).toBe(403);
    expect((await api.call('POST', `${siteUrl}/unpublish`, { as: outsider })).status).toBe(404);
    expect((await api.call('GET', siteUrl, { as: owner })).body.published).toBe(true);
  });
});

describe('site spaces on the sites app', () => {
  test.each([
    ['no spaceId', {}, /spaceId is required/],
    ['a spaceId of the wrong type', { spaceId: 7 }, /spaceId/],
    ['an unknown field', { spaceId: 'abc', draft: true }, /draft is not allowed/],
    ['a section (sites have none yet)', { spaceId: 'abc', sectionId: 'sec1' }, /sectionId.*sec1.*no sections/],
  ])('When the body has %s, Then it is a 400 saying why and nothing is added', async (_label, body, message) => {
    const site = await newSite();
    const res = await api.call('POST', `${sites()}/${site.id}/site-spaces`, { as: owner, body });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(message);
    expect((await api.call('GET', `${sites()}/${site.id}/site-spaces`, { as: owner })).body.count).toBe(0);
  });

  test('When a create member manages a site, Then they may; an edit member may not', async () => {
    const creator: ComponentCaller = { user: newId(), roles: { [orgId]: 'create' } };
    const editor: ComponentCaller = { user: newId(), roles: { [orgId]: 'edit' } };
    const created = await api.call('POST', sites(), { as: creator, body: { title: 'By a creator' } });
    expect(created.status).toBe(201);
    expect(created.body.permissions).toMatchObject({ admin: true, create: true, edit: true, installIntegration: false });
    expect((await api.call('POST', `${sites()}/${created.body.id}/publish`, { as: creator })).status).toBe(200);
    expect((await api.call('POST', sites(), { as: editor, body: { title: 'By an editor' } })).status).toBe(403);
    expect((await api.call('GET', `${sites()}/${created.body.id}`, { as: editor })).body.permissions).toMatchObject({ edit: true, admin: false });
  });
});
