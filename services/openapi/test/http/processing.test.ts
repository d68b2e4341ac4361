import type { ServerResponse } from 'node:http';
import { newId } from '@dp/db';
import { OpenApiEvents } from '@dp/events';
import { componentOf, expectOfficialSchema, type ComponentCaller } from '@dp/testing';
import { startSpecServer, type SpecServer } from '../../../../test/support/spec-server';
import { openapiService } from '../../src';

/**
 * Processing OpenAPI specs, their versions, PUT and PATCH, on the openapi service's own app and handler
 * (component level, docs/testing.md): the processing requests a call wrote to the outbox are fed to the
 * service's handler, as its worker would take them from the bus. The handler may fetch from the server this file
 * runs on 127.0.0.1 (and only there), with short caps. A public spec served through the gateway, and GitBook's
 * CLI, stay in test/e2e/openapi-processing.test.ts.
 */
const api = componentOf('oasp', openapiService, { OUTBOUND_ALLOW: '127.0.0.1', OPENAPI_FETCH_TIMEOUT_MS: '1500', OPENAPI_MAX_BYTES: '50000', OPENAPI_MAX_FILES: '3' });

jest.setTimeout(60_000);

const PETS_31 = `openapi: 3.1.0
info: {title: Pets, version: "1"}
paths:
  /pets:
    get:
      responses:
        "200":
          description: The pets
          content:
            application/json:
              schema: {$ref: "./schemas.yaml#/Pet"}
`;
const SCHEMAS = 'Pet:\n  type: object\n  properties:\n    name: {type: string}\n';
const SWAGGER_20 = JSON.stringify({ swagger: '2.0', info: { title: 'Old', version: '1' }, paths: { '/a': { get: { responses: { 200: { description: 'ok' } } } } } });
const NOT_OPENAPI = 'openapi: 3.1.0\ninfo: "not an info object"\npaths: 12\n';
const SSRF = PETS_31.replace('./schemas.yaml#/Pet', 'http://169.254.169.254/latest/meta-data.yaml');

const files: Record<string, string> = {
  '/mutable.yaml': PETS_31.replace('./schemas.yaml#/Pet', '#/components/schemas/Pet') + 'components:\n  schemas:\n    Pet: {type: object}\n',
  '/pets.yaml': PETS_31,
  '/schemas.yaml': SCHEMAS,
  '/swagger.json': SWAGGER_20,
  '/invalid.yaml': NOT_OPENAPI,
  '/ssrf.yaml': SSRF,
  '/many-refs.yaml': `openapi: 3.1.0
info: {title: Many, version: "1"}
paths: {}
components:
  schemas:
    A: {$ref: "./a.yaml"}
    B: {$ref: "./b.yaml"}
    C: {$ref: "./c.yaml"}
`,
  '/a.yaml': 'type: string\n',
  '/b.yaml': 'type: string\n',
  '/c.yaml': 'type: string\n',
  '/gated.yaml': SWAGGER_20,
  '/big.yaml': `openapi: 3.1.0\ninfo: {title: Big, version: "1", description: "${'x'.repeat(60_000)}"}\npaths: {}\n`,
};

let specServer: SpecServer;
let origin: string;
const orgId = newId();
const owner: ComponentCaller = { user: newId(), roles: { [orgId]: 'admin' } };

/** `/gated.yaml` answers only once the test opens the gate, and says when the worker asked for it. */
function gate() {
  let arrived!: () => void;
  let open!: () => void;
  const state = { arrived: new Promise<void>((r) => (arrived = r)), opened: new Promise<void>((r) => (open = r)), markArrived: () => arrived(), open: () => open() };
  return state;
}
let gated = gate();

/** `/slow.yaml` never answers (the fetch times out); `/gated.yaml` answers once the gate opens. */
function answerItself(path: string, res: ServerResponse): boolean {
  if (path === '/slow.yaml') return true;
  if (path !== '/gated.yaml') return false;
  gated.markArrived();
  void gated.opened.then(() => res.writeHead(200, { 'content-type': 'application/yaml' }).end(files[path]));
  return true;
}

beforeAll(async () => {
  specServer = await startSpecServer(files, answerItself);
  origin = specServer.origin;
});
afterAll(() => specServer?.stop());

let n = 0;
const specs = () => `/v1/orgs/${orgId}/openapi`;

/** What the worker does with the processing requests the calls wrote: each fed to the service's handler (the inbox skips those already handled). */
async function processRequested(): Promise<void> {
  for (const event of await api.outbox(OpenApiEvents.SPEC_PROCESSING_REQUESTED)) await api.handle(event);
}

/** Creates a spec and has it processed once; returns the spec as then read. */
async function createAndProcess(source: object) {
  const slug = `spec-${++n}`;
  const created = await api.call('POST', specs(), { as: owner, body: { slug, source } });
  expect(created.status).toBe(201);
  await processRequested();
  const res = await api.call('GET', `${specs()}/${slug}`, { as: owner });
  expect(res.body.lastProcessedAt).toEqual(expect.any(String));
  return res.body;
}
const versionsOf = (specId: string) => api.db('spec_versions').where({ spec_id: specId }).orderBy('seq');

describe('OpenAPI spec processing by the handler', () => {
  test('When a 3.1 YAML spec with an external $ref to a second file is added by URL, Then it is complete with one version holding both files', async () => {
    const spec = await createAndProcess({ url: `${origin}/pets.yaml` });
    expect(spec).toMatchObject({ processingState: 'complete', lastProcessedErrorCount: 0 });
    expect(spec.lastProcessErrorCode).toBeUndefined();
    expect(spec.lastVersion).toEqual(expect.any(String));
    expectOfficialSchema('OpenAPISpec', spec);
    const [version, ...more] = await versionsOf(spec.id);
    expect(more).toEqual([]);
    expect(version.id).toBe(spec.lastVersion);
    expect(version.source_url).toBe(`${origin}/pets.yaml`);
    expect(version.content_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(Object.keys(version.filesystem).sort()).toEqual([`${origin}/pets.yaml`, `${origin}/schemas.yaml`]);
    expect(version.filesystem[`${origin}/schemas.yaml`]).toEqual({ Pet: { type: 'object', properties: { name: { type: 'string' } } } });
    const events = (await api.outbox(OpenApiEvents.SPEC_VERSION_CREATED)).filter((e) => (e.data as { specId: string }).specId === spec.id);
    expect(events.map((e) => e.data)).toEqual([{ specId: spec.id, organizationId: orgId, slug: spec.slug, versionId: version.id }]);
  });

  test('When a Swagger 2.0 JSON spec is added by URL, Then it is processed into a version', async () => {
    const spec = await createAndProcess({ url: `${origin}/swagger.json` });
    expect(spec).toMatchObject({ processingState: 'complete', lastProcessedErrorCount: 0 });
    const versions = await versionsOf(spec.id);
    expect(versions).toHaveLength(1);
    expect(versions[0].filesystem[`${origin}/swagger.json`]).toMatchObject({ swagger: '2.0' });
  });

  test('When a spec is added as text, Then it is processed the same way without any fetch', async () => {
    const spec = await createAndProcess({ text: 'openapi: 3.0.3\ninfo: {title: Text, version: "2"}\npaths: {}\n' });
    expect(spec).toMatchObject({ processingState: 'complete', lastProcessedErrorCount: 0, lastVersion: expect.any(String) });
    const versions = await versionsOf(spec.id);
    expect(versions.map((v: { filesystem: unknown; source_url: unknown }) => [v.filesystem, v.source_url])).toEqual([
      [{ openapi: { openapi: '3.0.3', info: { title: 'Text', version: '2' }, paths: {} } }, null],
    ]);
  });

  test('When the document is not valid OpenAPI, Then processing ends in PARSE_ERROR with the parser’s message and no version', async () => {
    const spec = await createAndProcess({ url: `${origin}/invalid.yaml` });
    expect(spec).toMatchObject({ processingState: 'complete', lastProcessErrorCode: 'PARSE_ERROR', lastProcessedErrorCount: 1 });
    expect(spec.lastProcessedErrors).toEqual([{ code: 'PARSE_ERROR', message: expect.stringMatching(/not a valid|info|paths/i) }]);
    expect(spec.lastVersion).toBeUndefined();
    expectOfficialSchema('OpenAPISpec', spec);
    expect(await versionsOf(spec.id)).toEqual([]);
  });

  test('When the source URL does not answer within the configured time, Then it is FETCH_TIMEOUT and no version', async () => {
    const started = Date.now();
    const spec = await createAndProcess({ url: `${origin}/slow.yaml` });
    expect(spec).toMatchObject({ processingState: 'complete', lastProcessErrorCode: 'FETCH_TIMEOUT' });
    expect(spec.lastProcessedErrors[0].message).toMatch(/in time/);
    expect(Date.now() - started).toBeLessThan(8_000);
    expect(await versionsOf(spec.id)).toEqual([]);
  });

  test('When the body is over the size cap, Then it is FETCH_ERROR and no version', async () => {
    const spec = await createAndProcess({ url: `${origin}/big.yaml` });
    expect(spec).toMatchObject({ processingState: 'complete', lastProcessErrorCode: 'FETCH_ERROR' });
    expect(spec.lastProcessedErrors[0].message).toMatch(/more than 50000/);
    expect(await versionsOf(spec.id)).toEqual([]);
  });

  test('When a $ref points at 169.254.169.254, Then the fetch is refused (FETCH_ERROR) and no version', async () => {
    const spec = await createAndProcess({ url: `${origin}/ssrf.yaml` });
    expect(spec).toMatchObject({ processingState: 'complete', lastProcessErrorCode: 'FETCH_ERROR' });
    expect(spec.lastProcessedErrors[0].message).toMatch(/169\.254\.169\.254/);
    expect(await versionsOf(spec.id)).toEqual([]);
  });

  test.each([['file:///etc/passwd'], ['./schemas.yaml']])('When a text spec has a $ref to the local file %s, Then it is refused (FETCH_ERROR) and no version', async (ref) => {
    const spec = await createAndProcess({ text: PETS_31.replace('./schemas.yaml#/Pet', ref) });
    expect(spec).toMatchObject({ processingState: 'complete', lastProcessErrorCode: 'FETCH_ERROR' });
    expect(spec.lastProcessedErrors[0].message).toMatch(/refused: only http and https URLs are fetched, never local files/);
    expect(await versionsOf(spec.id)).toEqual([]);
  });

  test('When a spec reaches more files than OPENAPI_MAX_FILES, Then the file past the cap is refused (FETCH_ERROR) and no version', async () => {
    const spec = await createAndProcess({ url: `${origin}/many-refs.yaml` });
    expect(spec).toMatchObject({ processingState: 'complete', lastProcessErrorCode: 'FETCH_ERROR' });
    expect(spec.lastProcessedErrors[0].message).toMatch(/at most 3 files/);
    expect(await versionsOf(spec.id)).toEqual([]);
  });

  test('When the worker is fetching the source, Then the spec reads `progress`, and `complete` once it is processed', async () => {
    gated = gate();
    const slug = `gated-${++n}`;
    expect((await api.call('POST', specs(), { as: owner, body: { slug, source: { url: `${origin}/gated.yaml` } } })).status).toBe(201);
    const processing = processRequested();
    await gated.arrived;
    const during = await api.call('GET', `${specs()}/${slug}`, { as: owner });
    expect(during.body).toMatchObject({ processingState: 'progress' });
    expect(during.body.lastProcessedAt).toBeUndefined();
    // The fetch holds no lock on the spec: it can be read and changed meanwhile.
    expect((await api.call('PATCH', `${specs()}/${slug}`, { as: owner, body: { visibility: 'public' } })).status).toBe(200);
    gated.open();
    await processing;
    const done = (await api.call('GET', `${specs()}/${slug}`, { as: owner })).body;
    expect(done.processingState).toBe('complete');
    expect(done).toMatchObject({ lastVersion: expect.any(String), lastProcessedErrorCount: 0, visibility: 'public' });
  });

  test('When the source URL answers 404, Then it is FETCH_ERROR naming the status and no version', async () => {
    const spec = await createAndProcess({ url: `${origin}/missing.yaml` });
    expect(spec).toMatchObject({ processingState: 'complete', lastProcessErrorCode: 'FETCH_ERROR' });
    expect(spec.lastProcessedErrors[0].message).toMatch(/404/);
    expect(await versionsOf(spec.id)).toEqual([]);
  });
});

describe('Versions and their content', () => {
  const base = (slug: string) => `${specs()}/${slug}/versions`;
  const get = (path: string) => api.call('GET', path, { as: owner });

  test('When a spec was processed, Then its versions list, latest, the version by id and both contents agree with the stored files', async () => {
    const spec = await createAndProcess({ url: `${origin}/pets.yaml` });
    const list = await get(base(spec.slug));
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ count: 1, items: [{ object: 'openapi-spec-version', id: spec.lastVersion, url: `${origin}/pets.yaml` }] });
    expect(list.body.items[0].urls.location).toMatch(new RegExp(`/v1/orgs/${orgId}/openapi/${spec.slug}/versions/${spec.lastVersion}$`));
    const latest = await get(`${base(spec.slug)}/latest`);
    expect(latest.status).toBe(200);
    expect(latest.body).toEqual(list.body.items[0]);
    const byId = await get(`${base(spec.slug)}/${spec.lastVersion}`);
    expect(byId.status).toBe(200);
    expect(byId.body).toEqual(latest.body);

    const content = await get(`${base(spec.slug)}/latest/content`);
    expect(content.status).toBe(200);
    const [stored] = await versionsOf(spec.id);
    expect(content.body).toEqual({ filesystem: stored.filesystem, urls: { source: `${origin}/pets.yaml`, public: null } });
    expect(Object.keys(content.body.filesystem)).toHaveLength(2);
    const contentById = await get(`${base(spec.slug)}/${spec.lastVersion}/content`);
    expect(contentById.status).toBe(200);
    expect(contentById.body).toEqual(content.body);
  });

  test('When a spec comes from text, Then its version’s url and content source are its content in the API', async () => {
    const spec = await createAndProcess({ text: 'swagger: "2.0"\ninfo: {title: Text, version: "1"}\npaths: {}\n' });
    const latest = await get(`${base(spec.slug)}/latest`);
    expect(latest.status).toBe(200);
    expect(latest.body.url).toBe(`${latest.body.urls.location}/content`);
    const content = await get(`${base(spec.slug)}/latest/content`);
    expect(content.body).toEqual({ filesystem: { openapi: { swagger: '2.0', info: { title: 'Text', version: '1' }, paths: {} } }, urls: { source: latest.body.url, public: null } });
  });

  test('When a spec has no version (its processing failed), Then its list is empty and latest and its content are 404', async () => {
    const spec = await createAndProcess({ url: `${origin}/invalid.yaml` });
    const list = await get(base(spec.slug));
    expect(list.status).toBe(200);
    expect(list.body).toEqual({ count: 0, items: [] });
    expect((await get(`${base(spec.slug)}/latest`)).status).toBe(404);
    expect((await get(`${base(spec.slug)}/latest/content`)).status).toBe(404);
  });

  test('When the version or the spec does not exist, or the caller is not a member, Then it is 404', async () => {
    const spec = await createAndProcess({ url: `${origin}/swagger.json` });
    expect((await get(`${base(spec.slug)}/nope`)).status).toBe(404);
    expect((await get(`${base(spec.slug)}/nope/content`)).status).toBe(404);
    expect((await get(`${base('no-such-spec')}`)).status).toBe(404);
    expect((await get(`${base('no-such-spec')}/latest`)).status).toBe(404);
    const stranger: ComponentCaller = { user: newId(), roles: { [newId()]: 'admin' } };
    for (const path of [base(spec.slug), `${base(spec.slug)}/latest`, `${base(spec.slug)}/latest/content`, `${base(spec.slug)}/${spec.lastVersion}`, `${base(spec.slug)}/${spec.lastVersion}/content`]) {
      expect({ path, status: (await api.call('GET', path, { as: stranger })).status }).toEqual({ path, status: 404 });
    }
    // A version of another spec is not found under this one.
    const other = await createAndProcess({ url: `${origin}/pets.yaml` });
    expect((await get(`${base(spec.slug)}/${other.lastVersion}`)).status).toBe(404);
  });
});

describe('Replacing a spec (PUT) and its visibility (PATCH)', () => {
  const put = (slug: string, body: object, as = owner) => api.call('PUT', `${specs()}/${slug}`, { as, body });
  const get = (path: string) => api.call('GET', path, { as: owner });
  /** Has the spec processed again, and checks it was after `after` (an ISO date). */
  const processedAfter = async (slug: string, after: string) => {
    await processRequested();
    const res = await get(`${specs()}/${slug}`);
    expect(res.body.processingState).toBe('complete');
    expect(res.body.lastProcessedAt > after).toBe(true);
    return res.body;
  };

  test('When PUT names a new slug, Then the spec is created (201, Location) and processed', async () => {
    const slug = `put-new-${++n}`;
    const res = await put(slug, { source: { url: `${origin}/swagger.json` } });
    expect(res.status).toBe(201);
    expect(res.headers.get('location')).toBe(res.body.urls.location);
    expect(res.body).toMatchObject({ object: 'openapi-spec', slug, processingState: 'pending', sourceURL: `${origin}/swagger.json`, permissions: { view: true, edit: true } });
    await processRequested();
    const processed = (await get(`${specs()}/${slug}`)).body;
    expect(processed).toMatchObject({ processingState: 'complete', lastProcessedErrorCount: 0 });
  });

  test('When the same URL is PUT again and unchanged, Then only lastProcessedAt moves; once it changed, Then a new version is latest', async () => {
    files['/mutable.yaml'] = files['/mutable.yaml'].replace('version: "1"', 'version: "1.0"');
    const spec = await createAndProcess({ url: `${origin}/mutable.yaml` });
    const first = spec.lastVersion;
    expect(first).toEqual(expect.any(String));

    const unchanged = await put(spec.slug, { source: { url: `${origin}/mutable.yaml` } });
    expect(unchanged.status).toBe(200);
    expect(unchanged.body).toMatchObject({ id: spec.id, processingState: 'pending', lastVersion: first });
    const again = await processedAfter(spec.slug, spec.lastProcessedAt);
    expect(again).toMatchObject({ lastVersion: first, lastProcessedErrorCount: 0 });
    expect(await versionsOf(spec.id)).toHaveLength(1);

    files['/mutable.yaml'] = files['/mutable.yaml'].replace('Pet: {type: object}', 'Pet: {type: object, required: [name]}');
    expect((await put(spec.slug, { source: { url: `${origin}/mutable.yaml` } })).status).toBe(200);
    const changed = await processedAfter(spec.slug, again.lastProcessedAt);
    expect(changed.lastVersion).not.toBe(first);
    const list = await get(`${specs()}/${spec.slug}/versions`);
    expect(list.body.count).toBe(2);
    expect(list.body.items.map((v: { id: string }) => v.id)).toEqual([changed.lastVersion, first]);
    expect((await get(`${specs()}/${spec.slug}/versions/latest`)).body.id).toBe(changed.lastVersion);
    expect((await get(`${specs()}/${spec.slug}/versions/${first}`)).status).toBe(200);
    const latestContent = (await get(`${specs()}/${spec.slug}/versions/latest/content`)).body;
    expect(latestContent.filesystem[`${origin}/mutable.yaml`].components.schemas.Pet).toEqual({ type: 'object', required: ['name'] });

    // Pages, newest first.
    const page1 = await get(`${specs()}/${spec.slug}/versions?limit=1`);
    expect(page1.body).toMatchObject({ count: 2, items: [{ id: changed.lastVersion }], next: { page: expect.any(String) } });
    const page2 = await get(`${specs()}/${spec.slug}/versions?limit=1&page=${encodeURIComponent(page1.body.next.page)}`);
    expect(page2.body.items.map((v: { id: string }) => v.id)).toEqual([first]);
    expect(page2.body.next).toBeUndefined();
  });

  test('When a source is replaced by one that fails, Then the error is recorded and the last good version stays latest', async () => {
    const spec = await createAndProcess({ url: `${origin}/pets.yaml` });
    expect((await put(spec.slug, { source: { url: `${origin}/invalid.yaml` } })).status).toBe(200);
    const failed = await processedAfter(spec.slug, spec.lastProcessedAt);
    expect(failed).toMatchObject({ lastProcessErrorCode: 'PARSE_ERROR', lastVersion: spec.lastVersion, sourceURL: `${origin}/invalid.yaml` });
    expect((await get(`${specs()}/${spec.slug}/versions/latest`)).body.id).toBe(spec.lastVersion);
    // Replaced by text: processed without a fetch, the error is cleared.
    expect((await put(spec.slug, { source: { text: 'openapi: 3.1.0\ninfo: {title: T, version: "9"}\npaths: {}\n' } })).status).toBe(200);
    const fixed = await processedAfter(spec.slug, failed.lastProcessedAt);
    expect(fixed.lastProcessErrorCode).toBeUndefined();
    expect(fixed.sourceURL).toBeUndefined();
    expect(fixed.lastVersion).not.toBe(spec.lastVersion);
  });

  test('When PUT has a bad body or a reader calls it, Then it is 400 or 403 and nothing changes', async () => {
    const spec = await createAndProcess({ url: `${origin}/swagger.json` });
    expect((await put(spec.slug, { source: { url: 'ftp://example.com/a' } })).status).toBe(400);
    expect((await put(spec.slug, {})).status).toBe(400);
    expect((await put(spec.slug, { source: { url: `${origin}/a`, text: 'x' } })).status).toBe(400);
    const reader: ComponentCaller = { user: newId(), roles: { [orgId]: 'read' } };
    expect((await put(spec.slug, { source: { url: `${origin}/pets.yaml` } }, reader)).status).toBe(403);
    expect((await api.call('PATCH', `${specs()}/${spec.slug}`, { as: reader, body: { visibility: 'public' } })).status).toBe(403);
    expect((await get(`${specs()}/${spec.slug}`)).body).toMatchObject({ sourceURL: `${origin}/swagger.json`, visibility: 'private' });
  });

  test('When PATCH sets visibility public then private, Then the spec and its content URLs say so', async () => {
    const spec = await createAndProcess({ url: `${origin}/pets.yaml` });
    const pub = await api.call('PATCH', `${specs()}/${spec.slug}`, { as: owner, body: { visibility: 'public' } });
    expect(pub.status).toBe(200);
    expect(pub.body).toMatchObject({ id: spec.id, visibility: 'public', lastVersion: spec.lastVersion });
    expectOfficialSchema('OpenAPISpec', pub.body);
    expect((await get(`${specs()}/${spec.slug}/versions/latest/content`)).body.urls).toEqual({ source: `${origin}/pets.yaml`, public: `${origin}/pets.yaml` });
    const priv = await api.call('PATCH', `${specs()}/${spec.slug}`, { as: owner, body: { visibility: 'private' } });
    expect(priv.body.visibility).toBe('private');
    expect((await get(`${specs()}/${spec.slug}/versions/latest/content`)).body.urls).toEqual({ source: `${origin}/pets.yaml`, public: null });
    expect((await api.call('PATCH', `${specs()}/${spec.slug}`, { as: owner, body: { visibility: 'secret' } })).status).toBe(400);
    expect((await api.call('PATCH', `${specs()}/no-such-spec`, { as: owner, body: { visibility: 'public' } })).status).toBe(404);
  });
});

