import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { eventually } from '@dp/testing';
import { bootSpecStack, type SpecStack } from '../support/spec-server';
import type { TestStack } from '../support/stack';

/**
 * Issue 21 §4, §6 (OpenAPI) and §8 (docs/adr/0058): what a spec may cost the openapi worker. YAML aliases are
 * expanded within a limit whatever the file's origin (the source URL or a $ref'd file), the stored files within a
 * size cap, and a spec whose $refs fan out is refused by a budget of dereferenced nodes, computed in a worker
 * thread, while the other requests keep answering. A refused $ref names what the spec wrote, never a server path.
 * The specs are served by a server this file runs on 127.0.0.1, the only address the worker may fetch from.
 */
process.env.OUTBOUND_ALLOW = '127.0.0.1';
process.env.OPENAPI_FETCH_TIMEOUT_MS = '3000';
// The large spec's bundle must not meet the thread deadline on a machine running two test files at once: no test here is about it.
process.env.OPENAPI_THREAD_TIMEOUT_MS = '120000';
process.env.OPENAPI_MAX_BYTES = '8000000';
process.env.OPENAPI_MAX_DOCUMENT_BYTES = '9000000';

jest.setTimeout(120_000);

const HEAD = 'openapi: 3.0.3\ninfo: {title: Limits, version: "1"}\n';

/** The classic billion laughs: each level lists the previous one ten times (here 10^6 strings from ~600 bytes). */
function laughs(levels = 6): string {
  const names = 'abcdefghij'.slice(0, levels).split('');
  const lines = [`x-${names[0]}: &${names[0]} [${Array(10).fill('"lol"').join(', ')}]`];
  for (let i = 1; i < names.length; i++) lines.push(`x-${names[i]}: &${names[i]} [${Array(10).fill(`*${names[i - 1]}`).join(', ')}]`);
  return `${lines.join('\n')}\n`;
}

/** 30 levels, each property of a level referencing the next level twice: 2^30 schemas once dereferenced, from ~3 KB. */
function fanOut(levels = 30): string {
  const schemas: Record<string, unknown> = {};
  for (let i = 0; i < levels; i++) schemas[`L${i}`] = { type: 'object', properties: { a: { $ref: `#/components/schemas/L${i + 1}` }, b: { $ref: `#/components/schemas/L${i + 1}` } } };
  schemas[`L${levels}`] = { type: 'string' };
  const ok = { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/L0' } } } };
  return JSON.stringify({ openapi: '3.0.3', info: { title: 'Fan-out', version: '1' }, paths: { '/x': { get: { responses: { 200: ok } } } }, components: { schemas } });
}

/** Aliases within the alias limit, each expanding a 170 KB list: 60 uses make ~10 MB of stored JSON from 170 KB of YAML. */
const WIDE_ALIASES = `${HEAD}paths: {}\nx-big: &big [${Array(12_000).fill('"0123456789"').join(', ')}]\nx-uses: [${Array(60).fill('*big').join(', ')}]\n`;

/** A large but valid spec (~3 MB, 10,000 schemas), within the caps: bundling it for serving takes seconds of CPU. */
function large(): string {
  const schemas: Record<string, unknown> = {};
  for (let i = 0; i < 10_000; i++) schemas[`S${i}`] = { type: 'object', description: 'x'.repeat(200), properties: { a: { type: 'string' }, b: { $ref: '#/components/schemas/S0' } } };
  return JSON.stringify({ openapi: '3.0.3', info: { title: 'Large', version: '1' }, paths: {}, components: { schemas } });
}

const files: Record<string, string> = {
  '/laughs.yaml': `${HEAD}paths: {}\n${laughs()}`,
  '/uses-laughs.yaml': `${HEAD}paths: {}\ncomponents:\n  schemas:\n    Lol: {$ref: "./laughs-schema.yaml"}\n`,
  '/laughs-schema.yaml': `type: object\n${laughs()}`,
  '/wide-aliases.yaml': WIDE_ALIASES,
  '/fan-out.json': fanOut(),
  '/large.json': large(),
};

let booted: SpecStack;
let stack: TestStack;
let owner: SpecStack['owner'];
let orgId: string;
let origin: string;

beforeAll(async () => {
  booted = await bootSpecStack('oaslim', files);
  ({ stack, owner, orgId, origin } = booted);
}, 120_000);
afterAll(() => booted?.stop());

let n = 0;
const specs = () => `/v1/orgs/${orgId}/openapi`;
const versionsOf = (specId: string) => stack.schemaDb('openapi')('spec_versions').where({ spec_id: specId });

async function create(source: object): Promise<string> {
  const slug = `limits-${++n}`;
  expect((await stack.call('POST', specs(), { token: owner.token, body: { slug, source } })).status).toBe(201);
  return slug;
}
async function processed(slug: string, timeoutMs = 60_000) {
  return eventually(async () => {
    const res = await stack.call('GET', `${specs()}/${slug}`, { token: owner.token });
    return res.body.lastProcessedAt ? res.body : undefined;
  }, timeoutMs);
}

describe('YAML aliases, whatever the file’s origin', () => {
  test.each([
    ['the source URL', () => ({ url: `${origin}/laughs.yaml` })],
    ['a file a $ref reaches', () => ({ url: `${origin}/uses-laughs.yaml` })],
    ['the text, with a $ref to a URL', () => ({ text: `${HEAD}paths: {}\ncomponents:\n  schemas:\n    Lol: {$ref: "${origin}/laughs-schema.yaml"}\n` })],
  ])('When the billion laughs comes from %s, Then it is PARSE_ERROR naming the alias limit and no version is stored', async (_, source) => {
    const spec = await processed(await create(source()));
    expect(spec).toMatchObject({ processingState: 'complete', lastProcessErrorCode: 'PARSE_ERROR' });
    expect(spec.lastProcessedErrors[0].message).toMatch(/alias/i);
    expect(spec.lastProcessedErrors[0].message).toMatch(/\b100\b/);
    expect(await versionsOf(spec.id)).toEqual([]);
  });

  test('When aliases within the limit expand the files past OPENAPI_MAX_DOCUMENT_BYTES, Then it is PARSE_ERROR naming the cap and no version', async () => {
    const spec = await processed(await create({ url: `${origin}/wide-aliases.yaml` }));
    expect(spec).toMatchObject({ lastProcessErrorCode: 'PARSE_ERROR' });
    expect(spec.lastProcessedErrors[0].message).toMatch(/more than 9000000 bytes/);
    expect(await versionsOf(spec.id)).toEqual([]);
  });
});

/** Milliseconds of one authenticated read through the gateway. */
async function readLatency(): Promise<number> {
  const started = performance.now();
  const res = await stack.call('GET', specs(), { token: owner.token });
  expect(res.status).toBe(200);
  return performance.now() - started;
}
async function baselineMax(): Promise<number> {
  const baseline: number[] = [];
  for (let i = 0; i < 10; i++) baseline.push(await readLatency());
  return Math.max(...baseline);
}

describe('A spec whose $refs fan out', () => {
  test('When 30 levels each reference the next twice, Then it is refused within seconds naming the budget, and reads keep answering fast meanwhile', async () => {
    const baseline = await baselineMax();
    const started = Date.now();
    const slug = await create({ url: `${origin}/fan-out.json` });
    const during: number[] = [];
    let spec: { lastProcessedAt?: string; lastProcessErrorCode?: string; lastProcessedErrors?: { message: string }[]; id: string } | undefined;
    // Paced as below: back to back, the reads would only compete with the worker's thread for the CPU.
    while (!spec?.lastProcessedAt && Date.now() - started < 60_000) {
      during.push(await readLatency());
      spec = (await stack.call('GET', `${specs()}/${slug}`, { token: owner.token })).body;
      await sleep(25);
    }
    expect(spec?.lastProcessedAt).toEqual(expect.any(String));
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(spec).toMatchObject({ lastProcessErrorCode: 'PARSE_ERROR' });
    expect(spec?.lastProcessedErrors?.[0].message).toMatch(/dereferenc.*more than 5000000 nodes/i);
    expect(await versionsOf(spec?.id ?? '')).toEqual([]);
    // Generous: a shared 2-core machine; a stalled loop shows as seconds, not tens of milliseconds.
    expect(Math.max(...during)).toBeLessThan(Math.max(1_500, 10 * baseline));
  });
});

describe('Serving a public spec (urls.published)', () => {
  test('When a large version is bundled for its first reader, Then other requests keep answering fast meanwhile', async () => {
    const slug = await create({ url: `${origin}/large.json` });
    const spec = await processed(slug, 90_000);
    expect(spec.lastProcessedErrors ?? []).toEqual([]);
    expect(spec).toMatchObject({ lastProcessedErrorCount: 0, lastVersion: expect.any(String) });
    const published: string = (await stack.call('PATCH', `${specs()}/${slug}`, { token: owner.token, body: { visibility: 'public' } })).body.urls.published;

    const baseline = await baselineMax();
    let done = false;
    const reading = fetch(published.replace(/\.json$/, '.yaml')).then(async (res) => {
      done = true;
      return { status: res.status, text: await res.text() };
    });
    // Paced reads: a bundle on the event loop would hold one of them for its whole length, and reads back to back
    // would only compete with the bundle's thread for the CPU.
    const during: number[] = [];
    while (!done) {
      during.push(await readLatency());
      await sleep(25);
    }
    const served = await reading;
    expect(served.status).toBe(200);
    expect(served.text).toContain('title: Large');
    expect(Math.max(...during)).toBeLessThan(Math.max(1_500, 10 * baseline));
  });
});

describe('Refusal messages', () => {
  test.each([['./package.json'], ['../secrets.yaml'], ['file:///etc/passwd']])('When a text spec has a $ref to the local file %s, Then the refusal names the $ref as written and no path of the server', async (ref) => {
    const spec = await processed(await create({ text: `${HEAD}paths: {}\ncomponents:\n  schemas:\n    Local: {$ref: "${ref}"}\n` }));
    expect(spec).toMatchObject({ lastProcessErrorCode: 'FETCH_ERROR' });
    const message: string = spec.lastProcessedErrors[0].message;
    expect(message).toBe(`$ref to "${ref}" refused: only http and https URLs are fetched, never local files`);
    expect(message).not.toContain(process.cwd());
    expect(message).not.toContain(path.dirname(process.cwd()));
  });
});
