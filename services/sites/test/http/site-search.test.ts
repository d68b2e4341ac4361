import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { newId } from '@dp/db';
import type { PublishedTree, SpacesSearchResults } from '@dp/contracts';
import { componentOf, expectOfficialSchema, type ComponentCaller } from '@dp/testing';
import { sitesService } from '../../src';
import { insertSiteSpace } from './fixtures';

/**
 * The official searchSiteContent and prewarmSiteSearch on the sites app (docs/adr/0090), with content's internal
 * routes answered by a server this file runs: a prewarm reads every searched space's pages ahead, so the
 * search after it asks content only to search. Searching real content through the stack: test/e2e/published-site.
 */
const asked: string[] = [];
let content: Server;
const api = componentOf('sse', sitesService, async () => {
  content = createServer((req, res) => {
    asked.push(`${req.method} ${req.url}`);
    const tree = req.url?.match(/^\/internal\/spaces\/([^/]+)\/revisions\/[^/]+\/published-tree$/);
    if (tree) return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(treeOf(tree[1])));
    if (req.method === 'POST' && req.url === '/internal/search') {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      return void req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(resultsFor(JSON.parse(body).spaceIds))));
    }
    res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"code":404,"message":"Not found"}}');
  });
  await new Promise<void>((resolve) => content.listen(0, '127.0.0.1', resolve));
  return { CONTENT_URL: `http://127.0.0.1:${(content.address() as AddressInfo).port}` };
});
afterAll(() => new Promise((resolve) => content?.close(resolve)));

const page = (id: string, hidden: boolean) => ({ id, parent: null, type: 'document' as const, title: id, slug: id, path: id, hidden, noIndex: false, noRobotsIndex: false });
const treeOf = (spaceId: string): PublishedTree => ({ revision: 'r', pages: [page(`${spaceId}-open`, false), page(`${spaceId}-hidden`, true)], files: [] });
const hit = (id: string) => ({ id, title: id, description: '', path: id, score: 1, rank: 1, ancestors: [], urls: { app: `https://app.example.com/${id}` } });
const resultsFor = (spaceIds: string[]): SpacesSearchResults => ({
  count: spaceIds.length * 2,
  items: spaceIds.map((id) => ({ type: 'space' as const, id, title: 'Guide', score: 1, pages: [hit(`${id}-open`), hit(`${id}-hidden`)] })),
});

const orgId = newId();
const owner: ComponentCaller = { user: newId(), roles: { [orgId]: 'admin' } };
const outsider: ComponentCaller = { user: newId(), roles: { [newId()]: 'admin' } };

async function siteWithSpaces(count: number): Promise<{ siteId: string; spaceIds: string[] }> {
  const created = await api.call('POST', `/v1/orgs/${orgId}/sites`, { as: owner, body: { title: 'Searched' } });
  const siteId = created.body.id as string;
  const spaceIds: string[] = [];
  for (let i = 0; i < count; i++) {
    const siteSpaceId = await insertSiteSpace(api.db, orgId, siteId, i);
    spaceIds.push((await api.db('site_spaces').where({ id: siteSpaceId }).first('space_id')).space_id);
  }
  return { siteId, spaceIds };
}
const treesAsked = (spaceIds: string[]) => asked.filter((line) => spaceIds.some((id) => line.includes(`/spaces/${id}/`))).length;

describe('search of a site through the API', () => {
  test('When a member prewarms a site s search, Then every space s pages are read once, and the search after it asks content only to search', async () => {
    const { siteId, spaceIds } = await siteWithSpaces(3);
    const prewarmed = await api.call('POST', `/v1/orgs/${orgId}/sites/${siteId}/search/prewarm`, { as: owner });
    expect(prewarmed.status).toBe(204);
    expect(treesAsked(spaceIds)).toBe(3);
    const found = await api.call('POST', `/v1/orgs/${orgId}/sites/${siteId}/search`, { as: owner, body: { query: 'guide', scope: { mode: 'all' } } });
    expect(found.status).toBe(200);
    expectOfficialSchema('SearchSpaceResult', found.body.items[0]);
    // Hidden pages are never found; the pages filter came from the prewarmed cache.
    expect(found.body.items.map((space: { pages: Array<{ id: string }> }) => space.pages.map((p) => p.id))).toEqual(spaceIds.map((id) => [`${id}-open`]));
    expect(treesAsked(spaceIds)).toBe(3);
  });

  test('When nobody prewarmed, Then the first search reads the pages it filters with, and the second does not again', async () => {
    const { siteId, spaceIds } = await siteWithSpaces(2);
    const search = () => api.call('POST', `/v1/orgs/${orgId}/sites/${siteId}/search`, { as: owner, body: { query: 'guide', scope: { mode: 'all' } } });
    expect((await search()).body.count).toBe(2);
    expect(treesAsked(spaceIds)).toBe(2);
    await search();
    expect(treesAsked(spaceIds)).toBe(2);
  });

  test('When someone outside the organization prewarms, Then it is a 404 and nothing is read', async () => {
    const { siteId, spaceIds } = await siteWithSpaces(1);
    expect((await api.call('POST', `/v1/orgs/${orgId}/sites/${siteId}/search/prewarm`, { as: outsider })).status).toBe(404);
    expect((await api.call('POST', `/v1/orgs/${orgId}/sites/${siteId}/search/prewarm`)).status).toBe(401);
    expect(treesAsked(spaceIds)).toBe(0);
  });
});
