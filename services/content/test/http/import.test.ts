import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { newId } from '@dp/db';
import { componentOf, type ComponentCaller } from '@dp/testing';
import { contentService } from '../../src';
import { contentFixtures } from './fixtures';

/** Website imports on content's own app (component level, docs/testing.md), from a website this file serves. */
// Content may fetch from the website this file serves on 127.0.0.1 (and only there).
const component = componentOf('imp', contentService, { OUTBOUND_ALLOW: '127.0.0.1' });
const fixtures = contentFixtures(component);
const orgId = fixtures.orgId;

// A tiny website under /site/: three pages, a broken link, a link out of scope and an asset.
const SITE: Record<string, string> = {
  '/site/':
    '<!doctype html><html><head><title>Home</title><style>p { color: red }</style></head><body>' +
    '<nav><a href="/site/">Home</a> <a href="guide.html">Guide</a> <a href="/site/api?tab=1">API</a> <a href="/blog/">Blog</a></nav>' +
    '<p>Welcome. Read the <a href="guide.html#install">install guide</a>.</p><p>Gone: <a href="missing.html">missing</a>.</p>' +
    '<script>alert(1)</script><footer>Footer text</footer></body></html>',
  '/site/guide.html':
    '<html><head><title>Guide</title></head><body><h2>Install</h2><p>Run <code>make</code>. Then see the <a href="/site/api">API</a> or go <a href="./">home</a>.</p>' +
    '<img src="logo.png" alt="logo"></body></html>',
  '/site/api': '<html><body><p>Reference.</p><h1>API reference</h1><ul><li>Back to the <a href="guide.html">guide</a></li></ul></body></html>',
  '/blog/': '<html><head><title>Blog</title></head><body>Out of scope</body></html>',
};

let owner: ComponentCaller;
let server: http.Server;
let site: string;
const served: string[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    served.push(req.url ?? '');
    const path = (req.url ?? '').split('?')[0];
    if (path === '/site/plain.txt') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('not html');
    } else if (SITE[path] !== undefined) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(SITE[path]);
    } else {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  site = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  owner = fixtures.owner.as;
});
afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
});

const newSpace = async () => (await component.call('POST', `/v1/orgs/${orgId}/spaces`, { as: owner, body: { title: 'Docs' } })).body;
const base = (spaceId: string, cr?: string) => `/v1/spaces/${spaceId}${cr ? `/change-requests/${cr}` : ''}`;
const importInto = (spaceId: string, body: object, cr?: string, as = owner) => component.call('POST', `${base(spaceId, cr)}/content/import`, { as, body });
const pages = async (spaceId: string, cr?: string) => (await component.call('GET', `${base(spaceId, cr)}/content/pages`, { as: owner })).body.pages;
const markdownOf = async (spaceId: string, pageId: string, cr?: string) =>
  (await component.call('GET', `${base(spaceId, cr)}/content/page/${pageId}?format=markdown`, { as: owner })).body.markdown;

/** The three pages of the site, as imported: titles, markdown and links between them. */
async function expectImportedSite(spaceId: string, cr?: string) {
  const imported = await pages(spaceId, cr);
  expect(imported.map((p: { title: string }) => p.title)).toEqual(['Home', 'Guide', 'API reference']);
  const [home, guide, api] = imported.map((p: { id: string }) => p.id);
  expect(await markdownOf(spaceId, home, cr)).toBe(`Welcome. Read the [install guide](/pages/${guide}#install).\n\nGone: [missing](${site}/site/missing.html).`);
  expect(await markdownOf(spaceId, guide, cr)).toBe(`## Install\n\nRun \`make\`. Then see the [API](/pages/${api}) or go [home](/pages/${home}).\n\n![logo](${site}/site/logo.png)`);
  expect(await markdownOf(spaceId, api, cr)).toBe(`Reference.\n\n# API reference\n\n-   Back to the [guide](/pages/${guide})`);
}

describe('content import from a website', () => {
  test('When a website is imported into a space, Then its pages land in a new live revision, linked to each other, with the counts', async () => {
    const space = await newSpace();
    served.length = 0;
    const res = await importInto(space.id, { url: `${site}/site/`, source: 'website' });
    expect(res.status).toBe(201);
    // Discovered: the three pages and the broken link; the blog is out of scope, the asset no page.
    expect(res.body).toEqual({ revision: expect.any(String), importedResources: 3, totalResources: 4 });
    expect(res.body.revision).not.toBe(space.revision);
    expect(served.sort()).toEqual(['/site/', '/site/api', '/site/guide.html', '/site/missing.html']);
    expect((await component.call('GET', base(space.id), { as: owner })).body.revision).toBe(res.body.revision);
    await expectImportedSite(space.id);
    const content = await component.call('GET', `${base(space.id)}/content`, { as: owner });
    expect(content.body).toMatchObject({ id: res.body.revision, parents: [space.revision] });
  });

  test('When a website is imported into a change request, Then its pages land in a new revision of it and main is untouched', async () => {
    const space = await newSpace();
    const cr = (await component.call('POST', `${base(space.id)}/change-requests`, { as: owner, body: { subject: 'Import' } })).body;
    const res = await importInto(space.id, { url: `${site}/site/`, source: 'website' }, cr.id);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ revision: expect.any(String), importedResources: 3, totalResources: 4 });
    const after = await component.call('GET', base(space.id, cr.id), { as: owner });
    expect(after.body.revision).toBe(res.body.revision);
    await expectImportedSite(space.id, cr.id);
    expect(await pages(space.id)).toEqual([]);
  });

  test('When the body is invalid, the URL fails or the caller may not edit, Then nothing is written (400, 403)', async () => {
    const space = await newSpace();
    const refused = async (body: object, status: number, pattern: RegExp, as = owner) => {
      const res = await importInto(space.id, body, undefined, as);
      expect(res.status).toBe(status);
      expect(JSON.stringify(res.body)).toMatch(pattern);
    };
    await refused({ source: 'website' }, 400, /url/);
    await refused({ url: 'not a url', source: 'website' }, 400, /url/);
    await refused({ url: `${site}/site/` }, 400, /source/);
    await refused({ url: `${site}/site/`, source: 'file' }, 400, /source must be one of: website/);
    // A port nobody listens on, a page that is missing, and one that is no HTML.
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const deadPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    await refused({ url: `http://127.0.0.1:${deadPort}/`, source: 'website' }, 400, new RegExp(`Could not import http://127\\.0\\.0\\.1:${deadPort}/.*NETWORK`));
    await refused({ url: `${site}/site/nothing-here`, source: 'website' }, 400, /Could not import .*nothing-here.*BAD_STATUS/);
    await refused({ url: `${site}/site/plain.txt`, source: 'website' }, 400, /not an HTML page/);
    await refused({ url: 'http://169.254.169.254/latest/', source: 'website' }, 400, /BLOCKED_ADDRESS/);

    const reader = await fixtures.newUser('import-reader', 'read');
    served.length = 0;
    await refused({ url: `${site}/site/`, source: 'website' }, 403, /.*/, reader.as);
    expect(served).toEqual([]);
    const stranger = await fixtures.newUser('import-stranger', 'admin', newId());
    await refused({ url: `${site}/site/`, source: 'website' }, 404, /.*/, stranger.as);

    expect((await component.call('PATCH', base(space.id), { as: owner, body: { editMode: 'locked' } })).status).toBe(200);
    await refused({ url: `${site}/site/`, source: 'website' }, 403, /locked/);

    expect((await component.call('GET', base(space.id), { as: owner })).body.revision).toBe(space.revision);
    expect(await pages(space.id)).toEqual([]);
  });
});
