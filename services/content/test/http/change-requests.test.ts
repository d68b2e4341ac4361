import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { componentOf, expectOfficialSchema, type ComponentCaller } from '@dp/testing';
import { contentService } from '../../src';
import { contentFixtures, type TestUser } from './fixtures';

/** Change requests on content's own app (component level, docs/testing.md): authoring, merging, updating, files. */
// Content may fetch `url` files from the server this file runs on 127.0.0.1 (and only there).
const api = componentOf('crq', contentService, { OUTBOUND_ALLOW: '127.0.0.1' });
const fixtures = contentFixtures(api);
const orgId = fixtures.orgId;
let owner: TestUser;

beforeAll(() => {
  owner = fixtures.owner;
});

/** The bytes behind a downloadURL, asked of content's app as the gateway forwards it. */
const download = (downloadURL: string, as: ComponentCaller) => {
  const url = new URL(downloadURL);
  return fetch(`${api.url}${url.pathname}${url.search}`, { headers: api.headers(as) });
};

const newSpace = async () => (await api.call('POST', `/v1/orgs/${orgId}/spaces`, { as: owner.as, body: { title: 'Docs' } })).body;
const newCr = async (spaceId: string, subject = 'Change', as = owner.as) => {
  const res = await api.call('POST', `/v1/spaces/${spaceId}/change-requests`, { as, body: { subject } });
  expect(res.status).toBe(201);
  return res.body;
};
const author = (spaceId: string, cr: string, changes: object[], query = '') =>
  api.call('POST', `/v1/spaces/${spaceId}/change-requests/${cr}/content${query}`, { as: owner.as, body: { changes } });
const merge = (spaceId: string, cr: string, as = owner.as) => api.call('POST', `/v1/spaces/${spaceId}/change-requests/${cr}/merge`, { as });
const pages = async (spaceId: string, cr?: string) =>
  (await api.call('GET', `/v1/spaces/${spaceId}${cr ? `/change-requests/${cr}` : ''}/content/pages`, { as: owner.as })).body.pages;
const markdownOf = async (spaceId: string, pageId: string, cr?: string) =>
  (await api.call('GET', `/v1/spaces/${spaceId}${cr ? `/change-requests/${cr}` : ''}/content/page/${pageId}?format=markdown`, { as: owner.as })).body.markdown;

describe('change requests', () => {
  test('When a change request is created, authored and merged, Then main shows the pages and the change request is merged', async () => {
    const space = await newSpace();
    const cr = await newCr(space.id, 'Add guide');
    expectOfficialSchema('ChangeRequest', cr);
    expect(cr).toMatchObject({ number: 1, status: 'draft', subject: 'Add guide', revisionInitial: space.revision, revision: space.revision, outdated: false, createdBy: { id: owner.id } });

    const authored = await author(space.id, cr.id, [
      { operation: 'insert_page', ref: 'guide', document: { markdown: '# Guide\n\nRead [setup](./setup.md).' } },
      { operation: 'insert_page', ref: 'setup', title: 'Setup', into: undefined, document: { markdown: 'Install it.' } },
    ], '?compat=false');
    expect(authored.status).toBe(200);
    expectOfficialSchema('ChangeRequestContentUpdate', authored.body);
    const [guide, setup] = authored.body.changes.map((c: { page: { id: string } }) => c.page.id);
    expect(authored.body.changes.map((c: { object: string; ref: string }) => [c.object, c.ref])).toEqual([['created_page', 'guide'], ['created_page', 'setup']]);
    expect(await markdownOf(space.id, guide, cr.id)).toBe(`# Guide\n\nRead [setup](/pages/${setup}).`);
    for (const format of ['markdown', 'document']) {
      const page = await api.call('GET', `/v1/spaces/${space.id}/change-requests/${cr.id}/content/page/${guide}?format=${format}`, { as: owner.as });
      expect(page.status).toBe(200);
      expectOfficialSchema('RevisionPage', page.body);
      expect(page.body).toMatchObject({ id: guide, title: 'Guide', path: 'guide', slug: 'guide', type: 'document' });
    }
    const listed = await api.call('GET', `/v1/spaces/${space.id}/change-requests/${cr.id}/content/pages`, { as: owner.as });
    for (const page of listed.body.pages) expectOfficialSchema('RevisionPage', page);
    expect((await api.call('GET', `/v1/spaces/${space.id}/content/page/${guide}`, { as: owner.as })).status).toBe(404);
    expect(await pages(space.id)).toEqual([]);

    const content = await api.call('GET', `/v1/spaces/${space.id}/change-requests/${cr.number}/content`, { as: owner.as });
    expectOfficialSchema('Revision', content.body);
    expect(content.body.pages.map((p: { path: string }) => p.path)).toEqual(['guide', 'setup']);

    const merged = await merge(space.id, cr.id);
    expect(merged.status).toBe(200);
    expect(merged.body).toEqual({ revision: expect.any(String), result: 'merge' });
    expect((await pages(space.id)).map((p: { title: string }) => p.title)).toEqual(['Guide', 'Setup']);
    const after = await api.call('GET', `/v1/spaces/${space.id}/change-requests/${cr.id}`, { as: owner.as });
    // Who merged it (official ChangeRequest.mergedBy, only once merged).
    expect(cr.mergedBy).toBeUndefined();
    expect(after.body).toMatchObject({ status: 'merged', revisionMerged: merged.body.revision, mergedBy: { object: 'user', id: owner.id } });
    const crs = await api.call('GET', `/v1/spaces/${space.id}/change-requests?status=merged`, { as: owner.as });
    expect(crs.body.items.map((c: { mergedBy?: { id: string } }) => c.mergedBy?.id)).toEqual([owner.id]);
    const spaceNow = await api.call('GET', `/v1/spaces/${space.id}`, { as: owner.as });
    expect(spaceNow.body.revision).toBe(merged.body.revision);
    expect(spaceNow.body).toMatchObject({ changeRequests: 1, changeRequestsOpen: 0, changeRequestsDraft: 0 });
    // The live revision is now the merge: the official merge variant of Revision, naming the change request.
    const mergeRevision = await api.call('GET', `/v1/spaces/${space.id}/content`, { as: owner.as });
    expect(mergeRevision.status).toBe(200);
    expect(mergeRevision.body).toMatchObject({ object: 'revision', id: merged.body.revision, type: 'merge', mergedFrom: { id: cr.id, status: 'merged', revisionMerged: merged.body.revision } });
    expect(mergeRevision.body.pages.map((p: { path: string }) => p.path)).toEqual(['guide', 'setup']);
    expect((await merge(space.id, cr.id)).status).toBe(409);
  });

  test('When a page is read by its path, Then it is the page at that path, live or in a change request, with its content; another path is 404', async () => {
    const space = await newSpace();
    const cr = await newCr(space.id);
    await author(space.id, cr.id, [
      { operation: 'insert_page', ref: 'guide', title: 'Guide', document: { markdown: 'The guide.' } },
      { operation: 'insert_page', ref: 'setup', title: 'Set up', slug: 'setup', into: 'guide', document: { markdown: 'Install it.' } },
    ]);
    const byPath = (path: string, base = `/v1/spaces/${space.id}`) => api.call('GET', `${base}/content/path/${path}`, { as: owner.as });
    const draft = await byPath('guide/setup?format=markdown', `/v1/spaces/${space.id}/change-requests/${cr.id}`);
    expect(draft.status).toBe(200);
    expect(draft.body).toMatchObject({ title: 'Set up', path: 'guide/setup', type: 'document', markdown: 'Install it.' });
    expect((await byPath('guide/setup')).status).toBe(404);

    expect((await merge(space.id, cr.id)).status).toBe(200);
    // The official client sends the path's slashes as they are; one escaped as %2F, or a leading slash, reads the same page.
    for (const path of ['guide/setup', 'guide%2Fsetup', '/guide/setup']) {
      const live = await byPath(`${path}?format=markdown`);
      expect({ path, status: live.status, id: live.body.id, markdown: live.body.markdown }).toEqual({ path, status: 200, id: draft.body.id, markdown: 'Install it.' });
    }
    const guide = await byPath('guide');
    expect(guide.body).toMatchObject({ title: 'Guide', path: 'guide', document: { object: 'document' } });
    for (const path of ['setup', 'guide/setup/more', 'Guide']) expect({ path, status: (await byPath(path)).status }).toEqual({ path, status: 404 });
  });

  test('When both sides edit the same lines, Then merge is refused with 409 naming the page; independent edits combine', async () => {
    const space = await newSpace();
    const seed = await newCr(space.id);
    const seeded = await author(space.id, seed.id, [
      { operation: 'insert_page', title: 'Intro', document: { markdown: 'a\nb\nc\nd\ne' } },
      { operation: 'insert_page', title: 'Other', document: { markdown: 'other' } },
    ], '?compat=false');
    const [intro, other] = seeded.body.changes.map((c: { page: { id: string } }) => c.page.id);
    await merge(space.id, seed.id);

    const a = await newCr(space.id, 'A');
    const b = await newCr(space.id, 'B');
    const c = await newCr(space.id, 'C');
    await author(space.id, a.id, [{ operation: 'update_page', page: intro, document: { markdown: 'A\nb\nc\nd\ne' } }]);
    await author(space.id, b.id, [{ operation: 'update_page', page: intro, document: { markdown: 'a\nb\nc\nd\nB' } }, { operation: 'update_page', page: other, title: 'Renamed' }]);
    await author(space.id, c.id, [{ operation: 'update_page', page: intro, document: { markdown: 'C\nb\nc\nd\ne' } }]);

    expect((await merge(space.id, a.id)).status).toBe(200);
    const bNow = await api.call('GET', `/v1/spaces/${space.id}/change-requests/${b.id}`, { as: owner.as });
    expect(bNow.body.outdated).toBe(true);
    expect((await merge(space.id, b.id)).status).toBe(200);
    expect(await markdownOf(space.id, intro)).toBe('A\nb\nc\nd\nB');
    expect((await pages(space.id)).map((p: { title: string }) => p.title)).toEqual(['Intro', 'Renamed']);

    const conflict = await merge(space.id, c.id);
    expect(conflict.status).toBe(409);
    expect(conflict.body.error.message).toContain(`"Intro" (${intro})`);
    const update = await api.call('POST', `/v1/spaces/${space.id}/change-requests/${c.id}/update`, { as: owner.as });
    expect(update.status).toBe(409);
  });

  test('When main moved, Then update brings its changes in and the change request is no longer outdated', async () => {
    const space = await newSpace();
    const first = await newCr(space.id);
    const second = await newCr(space.id);
    await author(space.id, first.id, [{ operation: 'insert_page', title: 'From main', document: { markdown: 'main' } }]);
    await author(space.id, second.id, [{ operation: 'insert_page', title: 'From CR', document: { markdown: 'cr' } }]);
    await merge(space.id, first.id);
    const update = await api.call('POST', `/v1/spaces/${space.id}/change-requests/${second.id}/update`, { as: owner.as });
    expect(update.status).toBe(200);
    expect(update.body).toEqual({ revision: expect.any(String), result: 'update' });
    const cr = await api.call('GET', `/v1/spaces/${space.id}/change-requests/${second.id}`, { as: owner.as });
    expect(cr.body).toMatchObject({ outdated: false, revision: update.body.revision });
    expect((await pages(space.id, second.id)).map((p: { title: string }) => p.title)).toEqual(['From main', 'From CR']);
  });

  test('When 10 batches are authored concurrently on one change request, Then none is lost', async () => {
    const space = await newSpace();
    const cr = await newCr(space.id);
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => author(space.id, cr.id, [{ operation: 'insert_page', title: `Page ${i}`, document: { markdown: `${i}` } }])));
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    const titles = (await pages(space.id, cr.id)).map((p: { title: string }) => p.title).sort();
    expect(titles).toEqual(Array.from({ length: 10 }, (_, i) => `Page ${i}`).sort());
  });

  test('When a batch has one invalid change, Then nothing of it is written (400)', async () => {
    const space = await newSpace();
    const cr = await newCr(space.id);
    const before = (await api.call('GET', `/v1/spaces/${space.id}/change-requests/${cr.id}`, { as: owner.as })).body.revision;
    const res = await author(space.id, cr.id, [
      { operation: 'insert_page', title: 'Fine', document: { markdown: 'x' } },
      { operation: 'delete_page', page: 'doesNotExist' },
    ]);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/changes\[1\].*does not exist/);
    const after = (await api.call('GET', `/v1/spaces/${space.id}/change-requests/${cr.id}`, { as: owner.as })).body.revision;
    expect(after).toBe(before);
    for (const bad of [[], Array(51).fill({ operation: 'delete_page', page: 'x' }), [{ operation: 'explode' }], [{ operation: 'insert_page' }], [{ operation: 'update_page', page: 'p', into: 5 }]]) {
      expect((await author(space.id, cr.id, bad)).status).toBe(400);
    }
  });

  test('When a file is uploaded, Then it is listed and its bytes are served at downloadURL', async () => {
    const space = await newSpace();
    const cr = await newCr(space.id);
    const bytes = Buffer.from('hello file');
    const res = await author(space.id, cr.id, [{ operation: 'insert_files', files: [{ name: 'hello.txt', contentType: 'text/plain', base64: bytes.toString('base64') }] }], '?compat=false');
    const file = res.body.insertedFiles[0];
    expectOfficialSchema('RevisionFile', file);
    const list = await api.call('GET', `/v1/spaces/${space.id}/change-requests/${cr.id}/content/files`, { as: owner.as });
    expect(list.body).toMatchObject({ count: 1, items: [{ id: file.id, name: 'hello.txt', size: bytes.length }] });
    const bytesServed = await download(list.body.items[0].downloadURL, owner.as);
    expect(bytesServed.status).toBe(200);
    expect(Buffer.from(await bytesServed.arrayBuffer()).toString()).toBe('hello file');
  });

  test('When roles are too low or the status moves are not allowed, Then it is 403 or 400', async () => {
    const space = await newSpace();
    const commenter = await fixtures.newUser('commenter', 'comment');
    const cr = await newCr(space.id);
    expect((await api.call('POST', `/v1/spaces/${space.id}/change-requests`, { as: commenter.as, body: { subject: 'x' } })).status).toBe(403);
    expect((await merge(space.id, cr.id, commenter.as)).status).toBe(403);
    expect((await api.call('GET', `/v1/spaces/${space.id}/change-requests/${cr.id}`, { as: commenter.as })).status).toBe(200);

    const open = await api.call('PATCH', `/v1/spaces/${space.id}/change-requests/${cr.id}`, { as: owner.as, body: { status: 'open', subject: 'Ready' } });
    expect(open.body).toMatchObject({ status: 'open', subject: 'Ready' });
    expect((await api.call('PATCH', `/v1/spaces/${space.id}/change-requests/${cr.id}`, { as: owner.as, body: { status: 'merged' } })).status).toBe(400);
    const list = await api.call('GET', `/v1/spaces/${space.id}/change-requests`, { as: owner.as });
    expect(list.body.items.map((c: { id: string }) => c.id)).toEqual([cr.id]);
    const drafts = await api.call('GET', `/v1/spaces/${space.id}/change-requests?status=draft`, { as: owner.as });
    expect(drafts.body.items).toEqual([]);
  });

  test('When a space is duplicated, Then the copy has the same tree with new ids, and its links point into the copy', async () => {
    const space = await newSpace();
    const cr = await newCr(space.id);
    await author(space.id, cr.id, [
      { operation: 'insert_page', ref: 'a', title: 'A', document: { markdown: 'See [B](./b.md)' } },
      { operation: 'insert_page', ref: 'b', title: 'B', document: { markdown: 'b' } },
    ]);
    await merge(space.id, cr.id);
    const copy = await api.call('POST', `/v1/spaces/${space.id}/duplicate`, { as: owner.as });
    expect(copy.status).toBe(201);
    expectOfficialSchema('Space', copy.body);
    expect(copy.body).toMatchObject({ title: 'Docs (copy)', organization: orgId });
    expect(copy.body.id).not.toBe(space.id);
    const original = await pages(space.id);
    const copied = await pages(copy.body.id);
    expect(copied.map((p: { path: string }) => p.path)).toEqual(original.map((p: { path: string }) => p.path));
    expect(copied.map((p: { id: string }) => p.id)).not.toContain(original[0].id);
    expect(await markdownOf(copy.body.id, copied[0].id)).toBe(`See [B](/pages/${copied[1].id})`);
    const reader = await fixtures.newUser('dup-reader', 'read');
    expect((await api.call('POST', `/v1/spaces/${space.id}/duplicate`, { as: reader.as })).status).toBe(403);
  });

  test('When a file is given by url, Then its bytes are fetched and stored; blocked addresses and failures are 400 naming the change', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    const server = http.createServer((req, res) => {
      if (req.url === '/logo.png') {
        res.writeHead(200, { 'content-type': 'image/png; charset=binary' });
        res.end(png);
      } else if (req.url === '/big') {
        res.writeHead(200, { 'content-type': 'application/octet-stream' });
        res.end(Buffer.alloc(1024 * 1024 + 1));
      } else {
        res.writeHead(404);
        res.end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    try {
      const space = await newSpace();
      const cr = await newCr(space.id);
      const res = await author(space.id, cr.id, [{ operation: 'insert_files', files: [{ name: 'logo.png', url: `http://127.0.0.1:${port}/logo.png` }] }], '?compat=false');
      expect(res.status).toBe(200);
      const file = res.body.insertedFiles[0];
      expectOfficialSchema('RevisionFile', file);
      expect(file).toMatchObject({ name: 'logo.png', contentType: 'image/png', size: png.length });
      const fetched = await download(file.downloadURL, owner.as);
      expect(Buffer.from(await fetched.arrayBuffer()).equals(png)).toBe(true);

      const refused = async (url: string, pattern: RegExp) => {
        const r = await author(space.id, cr.id, [{ operation: 'insert_page', title: 'Kept out', document: { markdown: 'x' } }, { operation: 'insert_files', files: [{ name: 'x', contentType: 'text/plain', url }] }]);
        expect(r.status).toBe(400);
        expect(JSON.stringify(r.body)).toMatch(/body\.changes\[1\] \(insert_files\)/);
        expect(JSON.stringify(r.body)).toMatch(pattern);
      };
      // Metadata and other loopback addresses stay refused: OUTBOUND_ALLOW names 127.0.0.1 only.
      await refused('http://169.254.169.254/latest/meta-data/', /BLOCKED_ADDRESS/);
      await refused(`http://127.0.0.2:${port}/logo.png`, /BLOCKED_ADDRESS/);
      await refused(`http://127.0.0.1:${port}/big`, /larger than 1 MB/);
      await refused(`http://127.0.0.1:${port}/missing`, /BAD_STATUS/);
      await refused('ftp://127.0.0.1/file', /BAD_URL|uri|url/i);
      const list = await api.call('GET', `/v1/spaces/${space.id}/change-requests/${cr.id}/content/files`, { as: owner.as });
      expect(list.body.count).toBe(1);
      expect((await pages(space.id, cr.id)).some((p: { title: string }) => p.title === 'Kept out')).toBe(false);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

