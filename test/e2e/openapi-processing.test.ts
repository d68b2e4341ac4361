import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { parse as parseYaml } from 'yaml';
import { eventually, expectOfficialSchema } from '@dp/testing';
import { bootSpecStack, type SpecStack } from '../support/spec-server';
import type { TestStack } from '../support/stack';

/*
 * A public spec served through the gateway at urls.published, and GitBook's own CLI, against a whole stack whose
 * openapi worker processes the specs. Processing itself, versions, PUT and PATCH are tested on the openapi
 * service's app and handler: services/openapi/test/http/processing.test.ts.
 */
// The openapi worker may fetch from the server this file runs on 127.0.0.1 (and only there).
process.env.OUTBOUND_ALLOW = '127.0.0.1';

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

const files: Record<string, string> = {
  '/pets.yaml': PETS_31,
  '/schemas.yaml': SCHEMAS,
  '/swagger.json': SWAGGER_20,
  '/invalid.yaml': NOT_OPENAPI,
};

let booted: SpecStack;
let stack: TestStack;
let owner: SpecStack['owner'];
let orgId: string;
let origin: string;

beforeAll(async () => {
  booted = await bootSpecStack('oasp', files);
  ({ stack, owner, orgId, origin } = booted);
}, 120_000);
afterAll(() => booted?.stop());

let n = 0;
const specs = () => `/v1/orgs/${orgId}/openapi`;

/** Creates a spec and waits until the worker has processed it once; returns the spec as then read. */
async function createAndProcess(source: object) {
  const slug = `spec-${++n}`;
  const created = await stack.call('POST', specs(), { token: owner.token, body: { slug, source } });
  expect(created.status).toBe(201);
  return eventually(async () => {
    const res = await stack.call('GET', `${specs()}/${slug}`, { token: owner.token });
    return res.body.lastProcessedAt ? res.body : undefined;
  });
}

describe('A public spec served without a token at urls.published', () => {
  const publish = (slug: string, visibility: 'public' | 'private') => stack.call('PATCH', `${specs()}/${slug}`, { token: owner.token, body: { visibility } });
  const anonymous = (url: string, headers: Record<string, string> = {}) => fetch(url, { headers });

  test('When a spec with an external $ref is public, Then its latest version is one bundled document, as JSON and as YAML, readable from any origin', async () => {
    const spec = await createAndProcess({ url: `${origin}/pets.yaml` });
    expect(spec.urls.published).toBeUndefined();
    const pub = await publish(spec.slug, 'public');
    expect(pub.status).toBe(200);
    const published: string = pub.body.urls.published;
    // Under the gateway's public base (PUBLIC_URL), outside /v1.
    expect(new URL(published).pathname).toBe(`/openapi/${orgId}/${spec.slug}.json`);
    expect(new URL(published).port).toBe(new URL(stack.baseUrl).port);
    expectOfficialSchema('OpenAPISpec', pub.body);
    expect((await stack.call('GET', `${specs()}/${spec.slug}`, { token: owner.token })).body.urls.published).toBe(published);

    const json = await anonymous(published);
    expect(json.status).toBe(200);
    expect(json.headers.get('content-type')).toMatch(/^application\/json/);
    expect(json.headers.get('access-control-allow-origin')).toBe('*');
    const doc = await json.json();
    expect(doc).toMatchObject({ openapi: '3.1.0', info: { title: 'Pets' } });
    // The second file is inside (a schema used once is inlined): no $ref leaves the document.
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"([^"]*)"/g)].map((m) => m[1]);
    expect(refs.filter((r) => !r.startsWith('#/'))).toEqual([]);
    expect(doc.paths['/pets'].get.responses['200'].content['application/json'].schema).toEqual({ type: 'object', properties: { name: { type: 'string' } } });

    const yaml = await anonymous(published.replace(/\.json$/, '.yaml'));
    expect(yaml.status).toBe(200);
    expect(yaml.headers.get('content-type')).toMatch(/^application\/yaml/);
    expect(parseYaml(await yaml.text())).toEqual(doc);

    // A client that has this version is told so.
    const again = await anonymous(published, { 'if-none-match': json.headers.get('etag')! });
    expect(again.status).toBe(304);
  });

  test('When a spec is private, or made private again, Then nothing is served without a token, as if it did not exist', async () => {
    const spec = await createAndProcess({ url: `${origin}/swagger.json` });
    const url = `${stack.baseUrl}/openapi/${orgId}/${spec.slug}.json`;
    expect((await anonymous(url)).status).toBe(404);
    // A token changes nothing: the published URL serves public specs only.
    expect((await anonymous(url, { authorization: `Bearer ${owner.token}` })).status).toBe(404);
    expect((await publish(spec.slug, 'public')).status).toBe(200);
    expect((await anonymous(url)).status).toBe(200);
    const priv = await publish(spec.slug, 'private');
    expect(priv.body.urls.published).toBeUndefined();
    const gone = await anonymous(url);
    expect(gone.status).toBe(404);
    expect(await gone.json()).toEqual({ error: { code: 404, message: expect.stringMatching(/not found/i) } });
    expect((await anonymous(`${stack.baseUrl}/openapi/${orgId}/no-such-spec.yaml`)).status).toBe(404);
    expect((await anonymous(`${stack.baseUrl}/openapi/${orgId}/${spec.slug}.txt`)).status).toBe(404);
    expect((await anonymous(`${stack.baseUrl}/openapi/${orgId}/${spec.slug}`)).status).toBe(404);
  });

  test('When a public spec was given as text, Then its content’s urls.public is its published URL, which serves it', async () => {
    const spec = await createAndProcess({ text: 'openapi: 3.0.3\ninfo: {title: Stored, version: "3"}\npaths: {}\n' });
    const pub = await publish(spec.slug, 'public');
    const content = await stack.call('GET', `${specs()}/${spec.slug}/versions/latest/content`, { token: owner.token });
    expect(content.body.urls.public).toBe(pub.body.urls.published);
    const served = await anonymous(content.body.urls.public);
    expect(await served.json()).toEqual({ openapi: '3.0.3', info: { title: 'Stored', version: '3' }, paths: {} });
  });

  test('When a public spec has no version yet, Then its published URL is 404', async () => {
    const spec = await createAndProcess({ url: `${origin}/invalid.yaml` });
    const pub = await publish(spec.slug, 'public');
    expect((await anonymous(pub.body.urls.published)).status).toBe(404);
  });
});

describe('GitBook’s own CLI against the gateway', () => {
  const cli = require.resolve('@gitbook/cli/cli.js');
  let home: string;
  /** Runs `gitbook …` with its own config folder (where `gitbook auth` keeps the endpoint and token). */
  const gitbook = (...args: string[]) =>
    promisify(execFile)(process.execPath, [cli, ...args], { env: { ...process.env, HOME: home, XDG_CONFIG_HOME: home, GITBOOK_TOKEN: '' }, timeout: 20_000 });
  beforeAll(() => {
    home = fs.mkdtempSync(path.join(os.tmpdir(), 'gitbook-cli-'));
  });
  afterAll(() => fs.rmSync(home, { recursive: true, force: true }));
  const processed = (slug: string) =>
    eventually(async () => {
      const res = await stack.call('GET', `${specs()}/${slug}`, { token: owner.token });
      return res.body.processingState === 'complete' && res.body.lastVersion ? res.body : undefined;
    });

  test('When `gitbook openapi publish` sends a file and then a URL, Then each is a spec processed into a version, and publishing again updates it', async () => {
    const auth = await gitbook('auth', '--endpoint', stack.baseUrl, '--token', owner.token);
    expect(auth.stdout).toMatch(/You are now authenticated as owner/);

    const file = path.join(home, 'pets.yaml');
    fs.writeFileSync(file, PETS_31.replace('./schemas.yaml#/Pet', '#/components/schemas/Pet') + 'components:\n  schemas:\n    Pet: {type: object}\n');
    const fromFile = await gitbook('openapi', 'publish', '--spec', 'cli-file', '--organization', orgId, file);
    expect(fromFile.stdout).toMatch(new RegExp(`OpenAPI specification "cli-file" published to .*/o/${orgId}/openapi/cli-file`));
    const stored = await processed('cli-file');
    expect(stored.sourceURL).toBeUndefined();
    const content = await stack.call('GET', `${specs()}/cli-file/versions/latest/content`, { token: owner.token });
    expect(content.body.filesystem.openapi).toMatchObject({ openapi: '3.1.0', info: { title: 'Pets' } });

    const fromUrl = await gitbook('openapi', 'publish', '--spec', 'cli-url', '--organization', orgId, `${origin}/swagger.json`);
    expect(fromUrl.stdout).toMatch(/"cli-url" published/);
    expect(await processed('cli-url')).toMatchObject({ sourceURL: `${origin}/swagger.json`, lastProcessedErrorCount: 0 });

    // Publishing the file again, changed, makes a second version of the same spec.
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('version: "1"', 'version: "2"'));
    await gitbook('openapi', 'publish', '--spec', 'cli-file', '--organization', orgId, file);
    const updated = await eventually(async () => {
      const res = await stack.call('GET', `${specs()}/cli-file`, { token: owner.token });
      return res.body.lastVersion && res.body.lastVersion !== stored.lastVersion ? res.body : undefined;
    });
    expect(updated.id).toBe(stored.id);
    expect((await stack.call('GET', `${specs()}/cli-file/versions`, { token: owner.token })).body.count).toBe(2);
  });
});
