import knex, { type Knex } from 'knex';
import { OpenApiEvents } from '@dp/events';
import { expectOfficialSchema, TEST_DATABASE_URL } from '@dp/testing';
import { bootStack, type TestStack } from '../support/stack';

// jest ignores `testTimeout` set on a project (jest.config.js): the machine is shared, so be generous here.
jest.setTimeout(60_000);

let stack: TestStack;
let db: Knex;
let owner: { id: string; token: string; email: string };
let orgId: string;

beforeAll(async () => {
  stack = await bootStack('oas', { withWorkers: false });
  db = knex({ client: 'pg', connection: TEST_DATABASE_URL, pool: { min: 0, max: 2 } });
  owner = await stack.newUser('owner');
  orgId = (await stack.newOrg(owner.token)).id;
}, 120_000);
afterAll(async () => {
  await db?.destroy();
  await stack?.stop();
});

let n = 0;
const slug = (base = 'petstore') => `${base}-${++n}`;
const source = { url: 'https://example.com/openapi.json' };
const specs = (org = orgId) => `/v1/orgs/${org}/openapi`;
const createSpec = (token: string, body: object, org = orgId) => stack.call('POST', specs(org), { token, body });
/** Events the openapi service put in its outbox (published by its worker's relay). */
const outbox = (type: string) => db.withSchema(stack.envOf('openapi').DB_SCHEMA!).from('outbox').where({ type }).orderBy('seq');

describe('OpenAPI specs through the gateway', () => {
  test('When a creator adds a spec, Then it is 201 pending with Location, validates against OpenAPISpec and reads back the same', async () => {
    const s = slug();
    const res = await createSpec(owner.token, { slug: s, source });
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

    const again = await stack.call('GET', `${specs()}/${s}`, { token: owner.token });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(res.body);

    const list = await stack.call('GET', `${specs()}?limit=1000`, { token: owner.token });
    expect(list.status).toBe(200);
    expect(list.body.items).toContainEqual(res.body);
    list.body.items.forEach((item: unknown) => expectOfficialSchema('OpenAPISpec', item));

    const [event] = await outbox(OpenApiEvents.SPEC_CREATED).whereRaw(`event->'data'->>'specId' = ?`, [res.body.id]);
    expect(event.event).toMatchObject({ type: OpenApiEvents.SPEC_CREATED, subject: res.body.id, data: { specId: res.body.id, organizationId: orgId, slug: s, sourceURL: source.url } });
  });

  test('When a creator adds a spec from text (official OpenAPISpecSource), Then it is 201 without sourceURL and the text is stored', async () => {
    const s = slug('text');
    const text = 'openapi: 3.0.0\ninfo: {title: Pets, version: "1"}\npaths: {}\n';
    const res = await createSpec(owner.token, { slug: s, source: { text } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ object: 'openapi-spec', slug: s, processingState: 'pending' });
    expect(res.body.sourceURL).toBeUndefined();
    const [row] = await db.withSchema(stack.envOf('openapi').DB_SCHEMA!).from('specs').where({ id: res.body.id });
    expect(row).toMatchObject({ source_text: text, source_url: null });
    const [event] = await outbox(OpenApiEvents.SPEC_CREATED).whereRaw(`event->'data'->>'specId' = ?`, [res.body.id]);
    expect(event.event.data).toEqual({ specId: res.body.id, organizationId: orgId, slug: s });
  });

  test('When the slug is already taken in the organization, Then it is 409; in another organization, Then it is free', async () => {
    const s = slug('dup');
    expect((await createSpec(owner.token, { slug: s, source })).status).toBe(201);
    const again = await createSpec(owner.token, { slug: s, source: { url: 'https://example.com/other.yaml' } });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: { code: 409, message: expect.stringContaining(s) } });
    const otherOrg = (await stack.newOrg(owner.token, 'Second')).id;
    expect((await createSpec(owner.token, { slug: s, source }, otherOrg)).status).toBe(201);
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
    const before = await stack.call('GET', specs(), { token: owner.token });
    const res = await stack.call('POST', specs(), { token: owner.token, ...(opts as object) });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: { code: 400, message: expect.any(String) } });
    const after = await stack.call('GET', specs(), { token: owner.token });
    expect(after.body.count).toBe(before.body.count);
  });

  test('When the source URL is exactly 2048 characters, Then it is accepted', async () => {
    const url = `https://example.com/${'a'.repeat(2048 - 'https://example.com/'.length)}`;
    const res = await createSpec(owner.token, { slug: slug('long'), source: { url } });
    expect(res.status).toBe(201);
    expect(res.body.sourceURL).toBe(url);
  });

  test.each([['1001'], ['0'], ['abc']])('When limit=%s, Then listing is a 400', async (limit) => {
    const res = await stack.call('GET', `${specs()}?limit=${limit}`, { token: owner.token });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe(400);
  });

  test('When the page token is forged, Then listing is a 400', async () => {
    expect((await stack.call('GET', `${specs()}?page=forged`, { token: owner.token })).status).toBe(400);
  });

  test('When 5 specs are paged with limit=2, Then each is listed once, in creation order, with the total count', async () => {
    const u = await stack.newUser('pager');
    const org = (await stack.newOrg(u.token)).id;
    const created: string[] = [];
    for (let i = 0; i < 5; i++) created.push((await createSpec(u.token, { slug: slug('page'), source }, org)).body.slug);
    const seen: string[] = [];
    let page: string | undefined;
    do {
      const res = await stack.call('GET', `${specs(org)}?limit=2${page ? `&page=${encodeURIComponent(page)}` : ''}`, { token: u.token });
      expect(res.status).toBe(200);
      expect(res.body.count).toBe(5);
      expect(res.body.items.length).toBeLessThanOrEqual(2);
      seen.push(...res.body.items.map((s: { slug: string }) => s.slug));
      page = res.body.next?.page;
    } while (page);
    expect(seen).toEqual(created);
  });

  test('When the slug is unknown, Then reading is 404; when it breaks the pattern, Then it is 400', async () => {
    const missing = await stack.call('GET', `${specs()}/does-not-exist`, { token: owner.token });
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe(404);
    expect((await stack.call('GET', `${specs()}/Not_A_Slug`, { token: owner.token })).status).toBe(400);
  });

  test('When a read member adds or deletes a spec, Then it is 403; when they read one, Then their permissions say view only', async () => {
    const reader = await stack.newUser('reader');
    await stack.addMember(owner.token, orgId, reader.email, 'read');
    const denied = await createSpec(reader.token, { slug: slug('reader'), source });
    expect(denied.status).toBe(403);
    expect(denied.body.error.code).toBe(403);
    const s = (await createSpec(owner.token, { slug: slug('readable'), source })).body.slug;
    const seen = await stack.call('GET', `${specs()}/${s}`, { token: reader.token });
    expect(seen.status).toBe(200);
    expect(seen.body.permissions).toEqual({ view: true, edit: false });
    expect((await stack.call('GET', specs(), { token: reader.token })).status).toBe(200);
    expect((await stack.call('DELETE', `${specs()}/${s}`, { token: reader.token })).status).toBe(403);
    expect((await stack.call('GET', `${specs()}/${s}`, { token: owner.token })).status).toBe(200);
  });

  test('When a creator (not admin) adds a spec, Then it is 201', async () => {
    const creator = await stack.newUser('creator');
    await stack.addMember(owner.token, orgId, creator.email, 'create');
    expect((await createSpec(creator.token, { slug: slug('creator'), source })).status).toBe(201);
  });

  test("When a user reaches another organization's specs, Then every route is 404", async () => {
    const stranger = await stack.newUser('stranger');
    await stack.newOrg(stranger.token);
    const s = (await createSpec(owner.token, { slug: slug('private'), source })).body.slug;
    for (const [method, path, body] of [
      ['GET', specs()],
      ['POST', specs(), { slug: slug('intruder'), source }],
      ['GET', `${specs()}/${s}`],
      ['DELETE', `${specs()}/${s}`],
      ['DELETE', `${specs()}/does-not-exist`],
    ] as const) {
      const res = await stack.call(method, path, { token: stranger.token, body });
      expect({ method, path, status: res.status }).toEqual({ method, path, status: 404 });
    }
    expect((await stack.call('GET', `${specs()}/${s}`, { token: owner.token })).status).toBe(200);
  });

  test('When a spec is deleted, Then it is 205, gone, announced, and its slug is free; deleting again is 204', async () => {
    const s = slug('doomed');
    const spec = (await createSpec(owner.token, { slug: s, source })).body;
    expect((await stack.call('DELETE', `${specs()}/${s}`, { token: owner.token })).status).toBe(205);
    expect((await stack.call('GET', `${specs()}/${s}`, { token: owner.token })).status).toBe(404);
    const list = await stack.call('GET', `${specs()}?limit=1000`, { token: owner.token });
    expect(list.body.items.map((x: { id: string }) => x.id)).not.toContain(spec.id);
    expect((await stack.call('DELETE', `${specs()}/${s}`, { token: owner.token })).status).toBe(204);

    const events = await outbox(OpenApiEvents.SPEC_DELETED).whereRaw(`event->'data'->>'specId' = ?`, [spec.id]);
    expect(events).toHaveLength(1);
    expect(events[0].event).toMatchObject({ subject: spec.id, data: { specId: spec.id, organizationId: orgId, slug: s } });

    const recreated = await createSpec(owner.token, { slug: s, source });
    expect(recreated.status).toBe(201);
    expect(recreated.body.id).not.toBe(spec.id);
  });
});
