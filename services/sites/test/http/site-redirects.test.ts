import { newId } from '@dp/db';
import { componentOf, type ComponentCaller } from '@dp/testing';
import { sitesService } from '../../src';
import { insertSiteSpace, siteChanges } from './fixtures';

/**
 * The official site-redirects operations on the sites app (component level, docs/testing.md; docs/adr/0088).
 * Redirects as readers follow them, and destinations named by a space's page path: test/e2e/published-site.test.ts.
 */
const api = componentOf('srd', sitesService);
const db = api.db;

const orgId = newId();
const owner: ComponentCaller = { user: newId(), roles: { [orgId]: 'admin' } };
const reader: ComponentCaller = { user: newId(), roles: { [orgId]: 'read' } };
const outsider: ComponentCaller = { user: newId(), roles: { [newId()]: 'admin' } };

const site = (siteId: string, rest = '') => `/v1/orgs/${orgId}/sites/${siteId}${rest}`;
const external = (url: string) => ({ kind: 'external', url });

const newSite = async () => {
  const res = await api.call('POST', `/v1/orgs/${orgId}/sites`, { as: owner, body: { title: 'Handbook' } });
  expect(res.status).toBe(201);
  return res.body.id as string;
};


const changes = (siteId: string) => siteChanges(api, siteId);

describe('POST, PATCH, DELETE and GET SITE/redirects', () => {
  test('When an admin creates, lists, changes and deletes redirects, Then each answer is the official SiteRedirect and every change is announced', async () => {
    const siteId = await newSite();
    const siteSpaceId = await insertSiteSpace(db, orgId, siteId);
    const created = await api.call('POST', site(siteId, '/redirects'), { as: owner, body: { source: '/old-guide', destination: { kind: 'site-page', siteSpaceId, pageId: 'p1' }, permanent: true } });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ object: 'site-redirect', id: expect.any(String), source: '/old-guide', draft: false, captureWildcard: false, permanent: true, destination: { kind: 'site-page', siteSpaceId, pageId: 'p1' }, createdAt: expect.any(String) });
    const wildcard = await api.call('POST', site(siteId, '/redirects'), { as: owner, body: { source: '/v1/*', destination: external('https://archive.example.com/'), captureWildcard: true } });
    expect(wildcard.status).toBe(201);

    const list = await api.call('GET', site(siteId, '/redirects'), { as: reader });
    expect(list.body).toMatchObject({ count: 2, items: [{ source: '/v1/*' }, { source: '/old-guide' }] });
    expect((await api.call('GET', site(siteId, '/redirects?orderBy=source&limit=1'), { as: reader })).body).toMatchObject({ count: 2, items: [{ source: '/old-guide' }], next: { page: expect.any(String) } });
    expect((await api.call('GET', site(siteId, '/redirects?search=GUIDE'), { as: reader })).body.items.map((r: { source: string }) => r.source)).toEqual(['/old-guide']);

    const patched = await api.call('PATCH', site(siteId, `/redirects/${created.body.id}`), { as: owner, body: { source: '/older-guide', destination: { kind: 'site-space', siteSpaceId } } });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ source: '/older-guide', destination: { kind: 'site-space', siteSpaceId }, updatedAt: expect.any(String) });
    expect((await api.call('GET', site(siteId, '/redirects?orderBy=updatedAt'), { as: reader })).body.items[0].id).toBe(created.body.id);

    expect((await api.call('DELETE', site(siteId, `/redirects/${created.body.id}`), { as: owner })).status).toBe(205);
    expect((await api.call('DELETE', site(siteId, `/redirects/${created.body.id}`), { as: owner })).status).toBe(204);
    expect(await changes(siteId)).toEqual([['redirects'], ['redirects'], ['redirects'], ['redirects']]);
  });

  test('When a reader asks which redirect applies to a path, Then they get the exact or longest wildcard one and its target URL; none is a 404', async () => {
    const siteId = await newSite();
    const siteSpaceId = await insertSiteSpace(db, orgId, siteId);
    await api.call('POST', site(siteId, '/redirects'), { as: owner, body: { source: '/docs/*', destination: external('https://archive.example.com/docs/'), captureWildcard: true } });
    await api.call('POST', site(siteId, '/redirects'), { as: owner, body: { source: '/start', destination: { kind: 'site-space', siteSpaceId } } });
    const found = await api.call('GET', site(siteId, '/redirect?source=/docs/api/users'), { as: reader });
    expect(found.status).toBe(200);
    expect(found.body).toEqual({ redirect: expect.objectContaining({ source: '/docs/*' }), target: 'https://archive.example.com/docs/api/users' });
    const start = await api.call('GET', site(siteId, '/redirect?source=/start'), { as: reader });
    expect(start.body.target).toMatch(new RegExp(`/${orgId}/${siteId}$`));
    expect((await api.call('GET', site(siteId, '/redirect?source=/nothing'), { as: reader })).status).toBe(404);
  });

  test('When a source is taken, malformed, or a destination is not of this site or not http(s), Then it is refused and nothing is stored', async () => {
    const siteId = await newSite();
    const otherSite = await newSite();
    const otherSiteSpace = await insertSiteSpace(db, orgId, otherSite);
    await api.call('POST', site(siteId, '/redirects'), { as: owner, body: { source: '/a', destination: external('https://example.com') } });
    const refusals: Array<[object, number, RegExp]> = [
      [{ source: '/a', destination: external('https://example.com/2') }, 409, /^body\.source: the site has a live redirect from \/a already$/],
      [{ source: '/a/*/b', destination: external('https://example.com') }, 400, /^body\.source/],
      [{ source: '/b', destination: external('javascript:alert(1)') }, 400, /^body\.destination/],
      [{ source: '/b', destination: { kind: 'site-space', siteSpaceId: otherSiteSpace } }, 400, /^body\.destination\.siteSpaceId is not a site space of this site$/],
      [{ source: '/b', destination: { kind: 'site-section', siteSectionId: 'nope' } }, 400, /^body\.destination\.siteSectionId is not a section of this site$/],
    ];
    for (const [body, status, message] of refusals) {
      const res = await api.call('POST', site(siteId, '/redirects'), { as: owner, body });
      expect({ status: res.status, message: res.body.error.message }).toEqual({ status, message: expect.stringMatching(message) });
    }
    expect((await api.call('GET', site(siteId, '/redirects'), { as: reader })).body.count).toBe(1);
  });

  test('When a reader, a stranger or another site asks to change redirects, Then it is a 403 or a 404', async () => {
    const siteId = await newSite();
    const otherSite = await newSite();
    const { body } = await api.call('POST', site(siteId, '/redirects'), { as: owner, body: { source: '/a', destination: external('https://example.com') } });
    expect((await api.call('POST', site(siteId, '/redirects'), { as: reader, body: { source: '/b', destination: external('https://example.com') } })).status).toBe(403);
    expect((await api.call('GET', site(siteId, '/redirects'), { as: outsider })).status).toBe(404);
    expect((await api.call('PATCH', site(otherSite, `/redirects/${body.id}`), { as: owner, body: { permanent: true } })).status).toBe(404);
    expect((await api.call('DELETE', site(otherSite, `/redirects/${body.id}`), { as: owner })).status).toBe(204);
    expect((await api.call('GET', site(siteId, '/redirects'), { as: reader })).body.count).toBe(1);
  });
});

describe('PUT SITE/redirects (bulk)', () => {
  test('When a batch upserts, deletes, drafts and publishes, Then each item has its result, errors included, and the rest applies', async () => {
    const siteId = await newSite();
    await api.call('POST', site(siteId, '/redirects'), { as: owner, body: { source: '/gone', destination: external('https://example.com/gone') } });
    const res = await api.call('PUT', site(siteId, '/redirects'), {
      as: owner,
      body: {
        redirects: [
          { source: '/new', destination: external('https://example.com/new') },
          { source: '/gone', destination: external('https://example.com/moved'), permanent: true },
          { source: '/draft', intent: 'draft', destination: external('https://example.com/draft') },
          { source: '/missing', destination: null },
          { source: '/bad', destination: { kind: 'site-space', siteSpaceId: 'nope' } },
        ],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.results).toEqual([
      { status: 'created', source: '/new', draft: false, id: expect.any(String) },
      { status: 'updated', source: '/gone', draft: false, id: expect.any(String) },
      { status: 'created', source: '/draft', draft: true, id: expect.any(String) },
      { status: 'error', source: '/missing', draft: false, error: 'no such redirect' },
      { status: 'error', source: '/bad', draft: false, error: 'body.redirects.4.destination.siteSpaceId is not a site space of this site' },
    ]);
    expect((await api.call('GET', site(siteId, '/redirects?draft=true'), { as: reader })).body.items.map((r: { source: string }) => r.source)).toEqual(['/draft']);
    // An upsert keeps every field it names (`permanent` without `captureWildcard` too).
    const gone = (await api.call('GET', site(siteId, '/redirects?search=gone'), { as: reader })).body.items[0];
    expect(gone).toMatchObject({ source: '/gone', permanent: true, captureWildcard: false, destination: external('https://example.com/moved') });

    const publish = await api.call('PUT', site(siteId, '/redirects'), { as: owner, body: { redirects: [{ source: '/draft', intent: 'publish' }, { source: '/gone', destination: null }] } });
    expect(publish.body.results).toEqual([
      { status: 'published', source: '/draft', draft: false, id: expect.any(String) },
      { status: 'deleted', source: '/gone', draft: false },
    ]);
    const live = (await api.call('GET', site(siteId, '/redirects?orderBy=source'), { as: reader })).body.items;
    expect(live.map((r: { source: string; permanent: boolean }) => r.source)).toEqual(['/draft', '/new']);
    expect((await api.call('GET', site(siteId, '/redirects?draft=true'), { as: reader })).body.count).toBe(0);
  });

  test('When a batch is empty or over 500 items, Then it is a 400', async () => {
    const siteId = await newSite();
    expect((await api.call('PUT', site(siteId, '/redirects'), { as: owner, body: { redirects: [] } })).status).toBe(400);
    const many = Array.from({ length: 501 }, (_, i) => ({ source: `/p${i}`, destination: external('https://example.com') }));
    expect((await api.call('PUT', site(siteId, '/redirects'), { as: owner, body: { redirects: many } })).status).toBe(400);
  });
});
