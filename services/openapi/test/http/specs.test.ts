import { newId } from '@dp/db';
import { OpenApiEvents } from '@dp/events';
import { componentOf, expectOfficialSchema, type ComponentCaller } from '@dp/testing';
import { openapiService } from '../../src';

/**
 * OpenAPI specs on the openapi service's own app (component level, docs/testing.md): callers are signed
 * assertions with their roles, and the events a request wrote are read from the service's outbox.
 */
const api = componentOf('oas', openapiService);

const orgId = newId();
const owner: ComponentCaller = { user: newId(), roles: { [orgId]: 'admin' } };

let n = 0;
const slug = (base = 'petstore') => `${base}-${++n}`;
const source = { url: 'https://example.com/openapi.json' };
const specs = (org = orgId) => `/v1/orgs/${org}/openapi`;
const createSpec = (as: ComponentCaller, body: object, org = orgId) => api.call('POST', specs(org), { as, body });
/** The events of `type` about the spec `specId` in the service's outbox. */
const outbox = async (type: string, specId: string) => (await api.outbox(type)).filter((e) => (e.data as { specId?: string }).specId === specId);
/** A user of their own organization (admin of it) who is also `role` in orgId when given. */
const user = (role?: 'read' | 'create'): ComponentCaller => ({ user: newId(), roles: { [newId()]: 'admin', ...(role ? { [orgId]: role } : {}) } });

describe('OpenAPI specs on the openapi app', () => {
  test('When a creator adds a spec, Then it is 201 pending with Location, validates against OpenAPISpec and reads back the same', async () => {
    const s = slug();
    const res = await createSpec(owner, { slug: s, source });
    expect(res.status).toBe(201);
    expect(res.headers.get('location')).toBe(res.body.urls.location);
    expect(res.body).toMatchObject({
      object: 'openapi-spec',
      slug: s,
      sourceURL: source.url,
      processingState: 'pending',
      visibility: 'private',
      lastProcessedErrorCount: 0,
      permissions: { view: true, edit: true },
    });
    expect(res.body.lastVersion).toBeUndefined();
    expect(res.body.lastProcessedAt).toBeUndefined();
    expect(res.body.urls.location).toMatch(new RegExp(`/v1/orgs/${orgId}/openapi/${s}$`));
    expectOfficialSchema('OpenAPISpec', res.body);

    const again = await api.call('GET', `${specs()}/${s}`, { as: owner });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(res.body);

    const list = await api.call('GET', `${specs()}?limit=1000`, { as: owner });
    expect(list.status).toBe(200);
    expect(list.body.items).toContainEqual(res.body);
    list.body.items.forEach((item: unknown) => expectOfficialSchema('OpenAPISpec', item));

    const [event] = await outbox(OpenApiEvents.SPEC_CREATED, res.body.id);
    expect(event).toMatchObject({ type: OpenApiEvents.SPEC_CREATED, subject: res.body.id, data: { specId: res.body.id, organizationId: orgId, slug: s, sourceURL: source.url } });
  });

  test('When a creator adds a spec from text (official OpenAPISpecSource), Then it is 201 without sourceURL and the text is stored', async () => {
    const s = slug('text');
    const text = 'openapi: 3.0.0\ninfo: {title: Pets, version: "1"}\npaths: {}\n';
    const res = await createSpec(owner, { slug: s, source: { text } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ object: 'openapi-spec', slug: s, processingState: 'pending' });
    expect(res.body.sourceURL).toBeUndefined();
    const [row] = await api.db('specs').where({ id: res.body.id });
    expect(row).toMatchObject({ source_text: text, source_url: null });
    const [event] = await outbox(OpenApiEvents.SPEC_CREATED, res.body.id);
    expect(event.data).toEqual({ specId: res.body.id, organizationId: orgId, slug: s });
  });

  test('When the slug is already taken in the organization, Then it is 409; in another organization, Then it is free', async () => {
    const s = slug('dup');
    expect((await createSpec(owner, { slug: s, source })).status).toBe(201);
    const again = await createSpec(owner, { slug: s, source: { url: 'https://example.com/other.yaml' } });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: { code: 409, message: expect.stringContaining(s) } });
    const otherOrg = newId();
    expect((await createSpec({ user: newId(), roles: { [otherOrg]: 'admin' } }, { slug: s, source }, otherOrg)).status).toBe(201);
  });

  test.each([
    ['malformed JSON', { rawBody: '{"slug":' }],
    ['no slug', { body: { source } }],
    ['no source', { body: { slug: 'nosource' } }],
    ['an uppercase slug', { body: { slug: 'Pet-Store', source } }],
    ['a slug with a double dash', { body: { slug: 'pet--store', source } }],
    ['a slug ending in a dash', { body: { slug: 'pet-', source } }],
    ['a slug with a space', { body: { slug: 'pet store', source } }],
    ['an empty slug', { body: { slug: '', source } }],
    ['an over-long slug', { body: { slug: 'a'.repeat(101), source } }],
    ['a numeric slug', { body: { slug: 42, source } }],
    ['a source that is a string', { body: { slug: 'strsource', source: 'https://example.com/openapi.json' } }],
    ['a non-URL source', { body: { slug: 'nonurl', source: { url: 'not a url' } } }],
    ['an ftp source', { body: { slug: 'ftp', source: { url: 'ftp://example.com/openapi.json' } } }],
    ['a source URL with credentials', { body: { slug: 'creds', source: { url: 'https://user:secret@example.com/openapi.json' } } }],
    ['an over-long source URL', { body: { slug: 'longurl', source: { url: `https://example.com/${'a'.repeat(2030)}` } } }],
    ['an empty text source', { body: { slug: 'emptytext', source: { text: '' } } }],
    ['both a URL and a text source', { body: { slug: 'both', source: { ...source, text: 'openapi: 3.0.0' } } }],
    ['an unknown field', { body: { slug: 'extra', source, visibility: 'public' } }],
    ['a JSON array body', { body: [1, 2] }],
  ])('When the body has %s, Then it is a 400 JSON error and nothing is written', async (_label, opts) => {
    const before = await api.call('GET', specs(), { as: owner });
    const res = await api.call('POST', specs(), { as: owner, ...(opts as object) });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: { code: 400, message: expect.any(String) } });
    const after = await api.call('GET', specs(), { as: owner });
    expect(after.body.count).toBe(before.body.count);
  });

  test('When the source URL is exactly 2048 characters, Then it is accepted', async () => {
    const url = `https://example.com/${'a'.repeat(2048 - 'https://example.com/'.length)}`;
    const res = await createSpec(owner, { slug: slug('long'), source: { url } });
    expect(res.status).toBe(201);
    expect(res.body.sourceURL).toBe(url);
  });

  test.each([['1001'], ['0'], ['abc']])('When limit=%s, Then listing is a 400', async (limit) => {
    const res = await api.call('GET', `${specs()}?limit=${limit}`, { as: owner });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe(400);
  });

  test('When the page token is forged, Then listing is a 400', async () => {
    expect((await api.call('GET', `${specs()}?page=forged`, { as: owner })).status).toBe(400);
  });

  test('When 5 specs are paged with limit=2, Then each is listed once, in creation order, with the total count', async () => {
    const org = newId();
    const u: ComponentCaller = { user: newId(), roles: { [org]: 'admin' } };
    const created: string[] = [];
    for (let i = 0; i < 5; i++) created.push((await createSpec(u, { slug: slug('page'), source }, org)).body.slug);
    const seen: string[] = [];
    let page: string | undefined;
    do {
      const res = await api.call('GET', `${specs(org)}?limit=2${page ? `&page=${encodeURIComponent(page)}` : ''}`, { as: u });
      expect(res.status).toBe(200);
      expect(res.body.count).toBe(5);
      expect(res.body.items.length).toBeLessThanOrEqual(2);
      seen.push(...res.body.items.map((s: { slug: string }) => s.slug));
      page = res.body.next?.page;
    } while (page);
    expect(seen).toEqual(created);
  });

  test('When the slug is unknown, Then reading is 404; when it breaks the pattern, Then it is 400', async () => {
    const missing = await api.call('GET', `${specs()}/does-not-exist`, { as: owner });
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe(404);
    expect((await api.call('GET', `${specs()}/Not_A_Slug`, { as: owner })).status).toBe(400);
  });

  test('When a read member adds or deletes a spec, Then it is 403; when they read one, Then their permissions say view only', async () => {
    const reader = user('read');
    const denied = await createSpec(reader, { slug: slug('reader'), source });
    expect(denied.status).toBe(403);
    expect(denied.body.error.code).toBe(403);
    const s = (await createSpec(owner, { slug: slug('readable'), source })).body.slug;
    const seen = await api.call('GET', `${specs()}/${s}`, { as: reader });
    expect(seen.status).toBe(200);
    expect(seen.body.permissions).toEqual({ view: true, edit: false });
    expect((await api.call('GET', specs(), { as: reader })).status).toBe(200);
    expect((await api.call('DELETE', `${specs()}/${s}`, { as: reader })).status).toBe(403);
    expect((await api.call('GET', `${specs()}/${s}`, { as: owner })).status).toBe(200);
  });

  test('When a creator (not admin) adds a spec, Then it is 201', async () => {
    const creator = user('create');
    expect((await createSpec(creator, { slug: slug('creator'), source })).status).toBe(201);
  });

  test("When a user reaches another organization's specs, Then every route is 404", async () => {
    const stranger = user();
    const s = (await createSpec(owner, { slug: slug('private'), source })).body.slug;
    for (const [method, path, body] of [
      ['GET', specs()],
      ['POST', specs(), { slug: slug('intruder'), source }],
      ['GET', `${specs()}/${s}`],
      ['DELETE', `${specs()}/${s}`],
      ['DELETE', `${specs()}/does-not-exist`],
    ] as const) {
      const res = await api.call(method, path, { as: stranger, body });
      expect({ method, path, status: res.status }).toEqual({ method, path, status: 404 });
    }
    expect((await api.call('GET', `${specs()}/${s}`, { as: owner })).status).toBe(200);
  });

  test('When a spec is deleted, Then it is 205, gone, announced, and its slug is free; deleting again is 204', async () => {
    const s = slug('doomed');
    const spec = (await createSpec(owner, { slug: s, source })).body;
    expect((await api.call('DELETE', `${specs()}/${s}`, { as: owner })).status).toBe(205);
    expect((await api.call('GET', `${specs()}/${s}`, { as: owner })).status).toBe(404);
    const list = await api.call('GET', `${specs()}?limit=1000`, { as: owner });
    expect(list.body.items.map((x: { id: string }) => x.id)).not.toContain(spec.id);
    expect((await api.call('DELETE', `${specs()}/${s}`, { as: owner })).status).toBe(204);

    const events = await outbox(OpenApiEvents.SPEC_DELETED, spec.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ subject: spec.id, data: { specId: spec.id, organizationId: orgId, slug: s } });

    const recreated = await createSpec(owner, { slug: s, source });
    expect(recreated.status).toBe(201);
    expect(recreated.body.id).not.toBe(spec.id);
  });
});
