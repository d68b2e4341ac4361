import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eventually } from '@dp/testing';
import { bootStack, type TestStack } from '../support/stack';

// issue 21 §8 (docs/adr/0061): a website import had a timeout per page (15 s) and none in all: 50 slow pages held
// one request for minutes. One deadline bounds the whole import; past it the import is refused and nothing written.

const DEADLINE_MS = 3000;
const SLOW_MS = 1500;
// The stack's content service may fetch from the website this file serves on 127.0.0.1, within a short deadline.
process.env.OUTBOUND_ALLOW = '127.0.0.1';
process.env.CONTENT_IMPORT_DEADLINE_MS = String(DEADLINE_MS);

let stack: TestStack;
let owner: { id: string; token: string };
let orgId: string;
let server: http.Server;
let site: string;
const timers = new Set<NodeJS.Timeout>();

/** `/slow/` links 50 pages, each answering after SLOW_MS; `/stuck/` answers after twice the deadline; `/fast/` is a quick two-page site. */
function answer(req: http.IncomingMessage, res: http.ServerResponse) {
  const path = (req.url ?? '').split('?')[0];
  const html = (body: string) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<html><head><title>${path}</title></head><body>${body}</body></html>`);
  };
  const later = (ms: number, body: string) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (!res.destroyed) html(body);
    }, ms);
    timers.add(timer);
  };
  if (path === '/slow/') html(Array.from({ length: 50 }, (_, i) => `<a href="p${i}.html">Page ${i}</a>`).join(' '));
  else if (/^\/slow\/p\d+\.html$/.test(path)) later(SLOW_MS, '<p>A slow page.</p>');
  else if (path === '/stuck/') later(2 * DEADLINE_MS, '<p>Too late.</p>');
  else if (path === '/fast/') html('<h1>Fast home</h1><p>See the <a href="guide.html">guide</a>.</p>');
  else if (path === '/fast/guide.html') html('<h1>Fast guide</h1><p>Done.</p>');
  else {
    res.writeHead(404);
    res.end();
  }
}

beforeAll(async () => {
  server = http.createServer(answer);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  site = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  stack = await bootStack('impdl', { withWorkers: false });
  owner = await stack.newUser('owner');
  orgId = (await stack.newOrg(owner.token)).id;
});
afterAll(async () => {
  await stack?.stop();
  timers.forEach(clearTimeout);
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
});

const newSpace = async () => (await stack.call('POST', `/v1/orgs/${orgId}/spaces`, { token: owner.token, body: { title: 'Docs' } })).body;

/** Imports `path` of the slow site into a new space; the answer, how long it took, and the space after it. */
async function timedImport(path: string) {
  const space = await newSpace();
  const started = Date.now();
  const res = await stack.call('POST', `/v1/spaces/${space.id}/content/import`, { token: owner.token, body: { url: `${site}${path}`, source: 'website' } });
  const elapsed = Date.now() - started;
  const after = await stack.call('GET', `/v1/spaces/${space.id}`, { token: owner.token });
  const pages = await stack.call('GET', `/v1/spaces/${space.id}/content/pages`, { token: owner.token });
  return { res, elapsed, revisionBefore: space.revision as string, revisionAfter: after.body.revision as string, pages: pages.body.pages as unknown[] };
}

describe('website import deadline', () => {
  test('When every page of a site answers slowly, Then the import ends at its deadline with a 400 saying so, and nothing is written', async () => {
    const { res, elapsed, revisionBefore, revisionAfter, pages } = await timedImport('/slow/');
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(new RegExp(`^Could not import ${site}/slow/: the import ran past its deadline of 3 s after reading \\d+ of the 50 pages it found; nothing was imported`));
    // 50 pages of 1.5 s each took 75 s; the deadline is 3 s (generous slack for a shared machine).
    expect(elapsed).toBeGreaterThanOrEqual(DEADLINE_MS - 100);
    expect(elapsed).toBeLessThan(DEADLINE_MS + 7000);
    expect(revisionAfter).toBe(revisionBefore);
    expect(pages).toEqual([]);
  }, 60000);

  test('When the start page answers after the deadline, Then the import is refused at the deadline, not at the page timeout', async () => {
    const { res, elapsed, revisionBefore, revisionAfter, pages } = await timedImport('/stuck/');
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/ran past its deadline of 3 s after reading 0 of the 1 pages it found; nothing was imported/);
    expect(elapsed).toBeLessThan(DEADLINE_MS + 7000);
    expect(revisionAfter).toBe(revisionBefore);
    expect(pages).toEqual([]);
  }, 60000);

  type Run = { object: string; id: string; status: string; reason?: string; target: { space: string }; urls: { location: string }; completedAt?: string };
  const startRun = (url: string, space: string) => stack.call('POST', `/v1/org/${orgId}/imports`, { token: owner.token, body: { source: { type: 'website', url }, target: { space } } });
  const runOf = async (id: string) => (await stack.call('GET', `/v1/org/${orgId}/imports/${id}`, { token: owner.token })).body as Run;
  const ended = (id: string) => eventually(async () => ((r) => (['pending', 'in-progress'].includes(r.status) ? undefined : r))(await runOf(id)), DEADLINE_MS + 10000, 200);

  test('When a slow site is imported as a run, Then the run starts at once, ends failed at the deadline with the reason, and nothing is written', async () => {
    const space = await newSpace();
    const started = Date.now();
    const res = await startRun(`${site}/slow/`, space.id);
    expect(Date.now() - started).toBeLessThan(DEADLINE_MS);
    expect(res.status).toBe(201);
    const run = res.body as Run;
    expect(run).toMatchObject({ object: 'import-run', target: { space: space.id }, urls: { location: expect.stringContaining(`/org/${orgId}/imports/${run.id}`) } });
    expect(['pending', 'in-progress']).toContain(run.status);

    const done = await ended(run.id);
    expect(done.status).toBe('failed');
    expect(done.reason).toMatch(/the import ran past its deadline of 3 s after reading \d+ of the 50 pages it found; nothing was imported/);
    expect(Date.now() - started).toBeLessThan(DEADLINE_MS + 10000);
    expect((await stack.call('GET', `/v1/spaces/${space.id}`, { token: owner.token })).body.revision).toBe(space.revision);
    expect((await stack.call('GET', `/v1/spaces/${space.id}/content/pages`, { token: owner.token })).body.pages).toEqual([]);
  }, 60000);

  test('When an organization has as many active runs as it may, Then one more is a 429; a cancelled run writes nothing and stays cancelled', async () => {
    const spaces = [await newSpace(), await newSpace(), await newSpace()];
    const first = (await startRun(`${site}/slow/`, spaces[0].id)).body as Run;
    const second = (await startRun(`${site}/slow/`, spaces[1].id)).body as Run;
    const third = await startRun(`${site}/slow/`, spaces[2].id);
    expect(third.status).toBe(429);
    expect(third.body.error.message).toMatch(/already has 2 import runs pending or in progress/);
    const active = await stack.call('GET', `/v1/org/${orgId}/imports?status=active`, { token: owner.token });
    expect(active.body.items.map((r: Run) => r.id).sort()).toEqual([first.id, second.id].sort());

    const cancelled = await stack.call('POST', `/v1/org/${orgId}/imports/${first.id}/cancel`, { token: owner.token });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe('cancelled');
    expect((await ended(second.id)).status).toBe('failed');
    expect((await runOf(first.id)).status).toBe('cancelled');
    expect((await stack.call('POST', `/v1/org/${orgId}/imports/${first.id}/cancel`, { token: owner.token })).status).toBe(400);
    for (const space of spaces) expect((await stack.call('GET', `/v1/spaces/${space.id}/content/pages`, { token: owner.token })).body.pages).toEqual([]);
  }, 60000);

  test('When a quick site is imported as a run, Then the run completes and its pages are in the space', async () => {
    const space = await newSpace();
    const run = (await startRun(`${site}/fast/`, space.id)).body as Run;
    const done = await ended(run.id);
    expect(done.status).toBe('completed');
    expect(done.completedAt).toEqual(expect.any(String));
    const pages = (await stack.call('GET', `/v1/spaces/${space.id}/content/pages`, { token: owner.token })).body.pages;
    expect(pages.map((p: { title: string }) => p.title)).toEqual(['Fast home', 'Fast guide']);
    const listed = await stack.call('GET', `/v1/org/${orgId}/imports?space=${space.id}`, { token: owner.token });
    expect(listed.body.items.map((r: Run) => [r.id, r.status])).toEqual([[run.id, 'completed']]);
  }, 60000);

  test('When a caller may not import into the target, or it is another organization’s space, Then no run is made (403, 404)', async () => {
    const space = await newSpace();
    const reader = await stack.newUser('import-reader');
    await stack.addMember(owner.token, orgId, reader.email, 'read');
    await stack.joined(reader.token, orgId);
    const asReader = await stack.call('POST', `/v1/org/${orgId}/imports`, { token: reader.token, body: { source: { type: 'website', url: `${site}/fast/` }, target: { space: space.id } } });
    expect(asReader.status).toBe(403);
    const otherOrg = (await stack.newOrg(owner.token, 'Other')).id;
    const elsewhere = await stack.call('POST', `/v1/org/${otherOrg}/imports`, { token: owner.token, body: { source: { type: 'website', url: `${site}/fast/` }, target: { space: space.id } } });
    expect(elsewhere.status).toBe(404);
    const stranger = await stack.newUser('import-stranger');
    expect((await stack.call('GET', `/v1/org/${orgId}/imports`, { token: stranger.token })).status).toBe(404);
    const runs = await stack.call('GET', `/v1/org/${orgId}/imports?space=${space.id}`, { token: owner.token });
    expect(runs.body.items).toEqual([]);
  }, 60000);
});
