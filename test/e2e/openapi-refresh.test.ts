import { OpenApiEvents } from '@dp/events';
import { eventually } from '@dp/testing';
import { bootSpecStack, type SpecStack } from '../support/spec-server';
import type { TestStack } from '../support/stack';

// A stack of its own: every spec from a URL here is fetched again once its last processing is a second old.
process.env.OUTBOUND_ALLOW = '127.0.0.1';
process.env.OPENAPI_REFRESH_INTERVAL_MS = '1000';

jest.setTimeout(60_000);

let doc = 'openapi: 3.1.0\ninfo: {title: Refreshed, version: "1"}\npaths: {}\n';
let fetches = 0;
let booted: SpecStack;
let stack: TestStack;
let owner: SpecStack['owner'];
let orgId: string;
let origin: string;

/** Every path answers the current `doc`, and each fetch is counted. */
const serveDoc = () => {
  fetches++;
  return doc;
};

beforeAll(async () => {
  booted = await bootSpecStack('oasr', serveDoc);
  ({ stack, owner, orgId, origin } = booted);
}, 120_000);
afterAll(() => booted?.stop());

const specPath = (slug: string) => `/v1/orgs/${orgId}/openapi/${slug}`;
const read = async (slug: string) => (await stack.call('GET', specPath(slug), { token: owner.token })).body;
const versions = async (slug: string) => (await stack.call('GET', `${specPath(slug)}/versions`, { token: owner.token })).body;

test('When a URL source is unchanged at its refresh, Then lastProcessedAt moves and no version is made; once it changed, Then a new version is latest, without any call', async () => {
  expect((await stack.call('POST', `/v1/orgs/${orgId}/openapi`, { token: owner.token, body: { slug: 'by-url', source: { url: `${origin}/spec.yaml` } } })).status).toBe(201);
  expect((await stack.call('POST', `/v1/orgs/${orgId}/openapi`, { token: owner.token, body: { slug: 'by-text', source: { text: doc } } })).status).toBe(201);
  const first = await eventually(async () => ((await read('by-url')).lastVersion ? read('by-url') : undefined));
  const text = await eventually(async () => ((await read('by-text')).lastVersion ? read('by-text') : undefined));

  // Unchanged: processed again by the worker's refresh alone, same version.
  const refreshed = await eventually(async () => {
    const spec = await read('by-url');
    return spec.processingState === 'complete' && spec.lastProcessedAt > first.lastProcessedAt ? spec : undefined;
  }, 15_000);
  expect(refreshed.lastVersion).toBe(first.lastVersion);
  expect((await versions('by-url')).count).toBe(1);
  expect(fetches).toBeGreaterThanOrEqual(2);
  const requested = await stack.schemaDb('openapi')('outbox').where({ type: OpenApiEvents.SPEC_PROCESSING_REQUESTED }).whereRaw(`event->'data'->>'specId' = ?`, [first.id]);
  expect(requested.length).toBeGreaterThanOrEqual(2);

  // Changed at the source: the next refresh makes a version, and latest moves.
  doc = doc.replace('version: "1"', 'version: "2"');
  const changed = await eventually(async () => {
    const spec = await read('by-url');
    return spec.lastVersion !== first.lastVersion ? spec : undefined;
  }, 15_000);
  const list = await versions('by-url');
  expect(list.items.map((v: { id: string }) => v.id)).toEqual([changed.lastVersion, first.lastVersion]);
  const latest = await stack.call('GET', `${specPath('by-url')}/versions/latest/content`, { token: owner.token });
  expect(latest.body.filesystem[`${origin}/spec.yaml`].info.version).toBe('2');

  // A spec given as text has nothing to fetch again.
  expect(await read('by-text')).toMatchObject({ lastProcessedAt: text.lastProcessedAt, lastVersion: text.lastVersion });
});
