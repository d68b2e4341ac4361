import { newId } from '@dp/db';
import { OpenApiEvents } from '@dp/events';
import { componentOf, type ComponentCaller } from '@dp/testing';
import { startSpecServer, type SpecServer } from '../../../../test/support/spec-server';
import { openapiService } from '../../src';

/**
 * The refresh of specs from URLs (docs/adr/0042) on the openapi service's own app, job and handler (component
 * level, docs/testing.md): every spec from a URL is due again once its last processing is a second old; the
 * worker's job is run by the test, and the processing requests it wrote are fed to the handler.
 */
const api = componentOf('oasr', openapiService, { OUTBOUND_ALLOW: '127.0.0.1', OPENAPI_REFRESH_INTERVAL_MS: '1000' });

let doc = 'openapi: 3.1.0\ninfo: {title: Refreshed, version: "1"}\npaths: {}\n';
let fetches = 0;
let specServer: SpecServer;
let origin: string;
const orgId = newId();
const owner: ComponentCaller = { user: newId(), roles: { [orgId]: 'admin' } };

beforeAll(async () => {
  // Every path answers the current `doc`, and each fetch is counted.
  specServer = await startSpecServer(() => {
    fetches++;
    return doc;
  });
  origin = specServer.origin;
});
afterAll(() => specServer?.stop());

const specPath = (slug: string) => `/v1/orgs/${orgId}/openapi/${slug}`;
const read = async (slug: string) => (await api.call('GET', specPath(slug), { as: owner })).body;
const versions = async (slug: string) => (await api.call('GET', `${specPath(slug)}/versions`, { as: owner })).body;
/** What the worker does with the processing requests in the outbox: each fed to the handler (the inbox skips those already handled). */
const processRequested = async () => {
  for (const event of await api.outbox(OpenApiEvents.SPEC_PROCESSING_REQUESTED)) await api.handle(event);
};
/** Past the refresh interval (1 s) by a margin, then the worker's scheduled job and the processing it asked for. */
const refreshDue = async () => {
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  await api.runJobs();
  await processRequested();
};

test('When a URL source is unchanged at its refresh, Then lastProcessedAt moves and no version is made; once it changed, Then a new version is latest, without any call', async () => {
  expect((await api.call('POST', `/v1/orgs/${orgId}/openapi`, { as: owner, body: { slug: 'by-url', source: { url: `${origin}/spec.yaml` } } })).status).toBe(201);
  expect((await api.call('POST', `/v1/orgs/${orgId}/openapi`, { as: owner, body: { slug: 'by-text', source: { text: doc } } })).status).toBe(201);
  await processRequested();
  const first = await read('by-url');
  const text = await read('by-text');
  expect(first.lastVersion).toEqual(expect.any(String));
  expect(text.lastVersion).toEqual(expect.any(String));

  // Unchanged: processed again by the worker's refresh alone, same version.
  await refreshDue();
  const refreshed = await read('by-url');
  expect(refreshed.processingState).toBe('complete');
  expect(refreshed.lastProcessedAt > first.lastProcessedAt).toBe(true);
  expect(refreshed.lastVersion).toBe(first.lastVersion);
  expect((await versions('by-url')).count).toBe(1);
  expect(fetches).toBeGreaterThanOrEqual(2);
  const requested = (await api.outbox(OpenApiEvents.SPEC_PROCESSING_REQUESTED)).filter((e) => (e.data as { specId: string }).specId === first.id);
  expect(requested.length).toBeGreaterThanOrEqual(2);

  // Changed at the source: the next refresh makes a version, and latest moves.
  doc = doc.replace('version: "1"', 'version: "2"');
  await refreshDue();
  const changed = await read('by-url');
  expect(changed.lastVersion).not.toBe(first.lastVersion);
  const list = await versions('by-url');
  expect(list.items.map((v: { id: string }) => v.id)).toEqual([changed.lastVersion, first.lastVersion]);
  const latest = await api.call('GET', `${specPath('by-url')}/versions/latest/content`, { as: owner });
  expect(latest.body.filesystem[`${origin}/spec.yaml`].info.version).toBe('2');

  // A spec given as text has nothing to fetch again.
  expect(await read('by-text')).toMatchObject({ lastProcessedAt: text.lastProcessedAt, lastVersion: text.lastVersion });
});
