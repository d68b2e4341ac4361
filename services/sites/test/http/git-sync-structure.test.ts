import { newId } from '@dp/db';
import { ContentEvents, createEvent, type EventData, type SpaceSnapshot } from '@dp/events';
import { componentOf, type ComponentCaller } from '@dp/testing';
import { sitesService } from '../../src';
import { insertSiteSpace } from './fixtures';

/**
 * A site's structure driven by its `gitbook-docs.yaml` (issue 27, docs/adr/0115), on the sites app and its database:
 * content's content.git-sync.site-structure-read fed to the handler as the worker would, the site read back through
 * the official API. The file drives the whole structure; what it names keeps its ids from one read to the next.
 */
const api = componentOf('sgss', sitesService);
const orgId = newId();
const owner: ComponentCaller = { user: newId(), roles: { [orgId]: 'admin' } };
type Read = EventData<typeof ContentEvents.GIT_SYNC_SITE_STRUCTURE_READ>;
type Node = Read['nodes'][number];

const at = new Date().toISOString();
const snapshot = (id: string, title: string): SpaceSnapshot => ({ id, organization: orgId, title, visibility: 'in-collection', revision: newId(), createdAt: at, updatedAt: at, version: 1 });
const read = (siteId: string, title: string, nodes: Node[], spaces: SpaceSnapshot[]) =>
  api.handle(createEvent(ContentEvents.GIT_SYNC_SITE_STRUCTURE_READ, { siteId, organizationId: orgId, installationId: 'inst-1', createdBy: owner.user, title, nodes, spaces } satisfies Read, { source: 'content', subject: siteId }));
const get = async (siteId: string, what: string) => {
  const res = await api.call('GET', `/v1/orgs/${orgId}/sites/${siteId}/${what}?limit=100`, { as: owner });
  expect(res.status).toBe(200);
  return res.body.items as Array<Record<string, unknown> & { id: string }>;
};
const newSite = async (title: string) => (await api.call('POST', `/v1/orgs/${orgId}/sites`, { as: owner, body: { title } })).body.id as string;

test('When a site reads a file of groups, sections and spaces, Then the site holds exactly that, in its order, and a second read keeps the ids of what it still names', async () => {
  const siteId = await newSite('Before');
  // A site space made by hand before Git Sync: its space is named by the file, so it is kept (adopted).
  const handMade = await insertSiteSpace(api.db, orgId, siteId);
  const adoptedSpace = (await api.db('site_spaces').where({ id: handMade }).first('space_id')).space_id as string;
  const [guides, api1, api2] = [newId(), newId(), newId()];
  const spaces = [snapshot(guides, 'Guides'), snapshot(api1, 'API v1'), snapshot(api2, 'API v2'), snapshot(adoptedSpace, 'Guide')];
  const nodes: Node[] = [
    { type: 'section', key: 'section-product', parentKey: null, title: 'Product', path: 'product', default: true },
    { type: 'space', key: 'space-guides', parentKey: 'section-product', title: 'Guides', path: 'guides', spaceId: guides, default: true },
    { type: 'space', key: 'space-old', parentKey: 'section-product', title: 'Guide', path: 'legacy', spaceId: adoptedSpace },
    { type: 'section-group', key: 'group-reference', parentKey: null, title: 'Reference' },
    { type: 'section', key: 'section-api', parentKey: 'group-reference', title: 'API', path: 'api' },
    { type: 'space', key: 'space-v2', parentKey: 'section-api', title: 'v2', path: 'v2', spaceId: api2, default: true },
    { type: 'space', key: 'space-v1', parentKey: 'section-api', title: 'v1', path: 'v1', spaceId: api1 },
  ];
  await read(siteId, 'Product docs', nodes, spaces);

  expect((await api.call('GET', `/v1/orgs/${orgId}/sites/${siteId}`, { as: owner })).body.title).toBe('Product docs');
  const groups = await get(siteId, 'section-groups');
  expect(groups.map((g) => g.title)).toEqual(['Reference']);
  const sections = await get(siteId, 'sections');
  expect(sections.map((s) => [s.title, s.path, s.default])).toEqual([
    ['Product', 'product', true],
    ['API', 'api', false],
  ]);
  const siteSpaces = await get(siteId, 'site-spaces');
  const shown = (items: typeof siteSpaces) => items.map((s) => [(s.space as { id: string }).id, s.path, s.default]);
  expect(shown(siteSpaces)).toEqual([
    [guides, 'guides', true],
    [adoptedSpace, 'legacy', false],
    [api2, 'v2', true],
    [api1, 'v1', false],
  ]);
  expect(siteSpaces.find((s) => (s.space as { id: string }).id === adoptedSpace)?.id).toBe(handMade);
  expect((await api.outbox('sites.site-space.created')).length).toBeGreaterThanOrEqual(3);

  // The next read: v1 and v2 swap paths, the legacy space and the group go, the API section moves to the root.
  const next: Node[] = [
    nodes[0],
    nodes[1],
    { type: 'section', key: 'section-api', parentKey: null, title: 'API reference', path: 'api' },
    { type: 'space', key: 'space-v2', parentKey: 'section-api', title: 'v2', path: 'v1', spaceId: api2 },
    { type: 'space', key: 'space-v1', parentKey: 'section-api', title: 'v1', path: 'v2', spaceId: api1, default: true },
  ];
  await read(siteId, 'Product docs', next, spaces);
  expect(await get(siteId, 'section-groups')).toEqual([]);
  const after = await get(siteId, 'sections');
  expect(after.map((s) => [s.id, s.title])).toEqual([
    [sections[0].id, 'Product'],
    [sections[1].id, 'API reference'],
  ]);
  const spacesAfter = await get(siteId, 'site-spaces');
  expect(shown(spacesAfter)).toEqual([
    [guides, 'guides', true],
    [api2, 'v1', false],
    [api1, 'v2', true],
  ]);
  expect(spacesAfter.map((s) => s.id)).toEqual([siteSpaces[0].id, siteSpaces[2].id, siteSpaces[3].id]);
  expect((await api.outbox('sites.site-space.deleted')).map((e) => (e.data as { siteSpaceId: string }).siteSpaceId)).toContain(handMade);
});

test('When a file lists spaces at the root only, Then they are the site s root site spaces; a file the site cannot take changes nothing', async () => {
  const siteId = await newSite('Flat');
  const [a, b] = [newId(), newId()];
  const spaces = [snapshot(a, 'A'), snapshot(b, 'B')];
  await read(siteId, 'Flat', [
    { type: 'space', key: 'a', parentKey: null, title: 'A', path: 'a', spaceId: a },
    { type: 'space', key: 'b', parentKey: null, title: 'B', path: 'b', spaceId: b, default: true },
  ], spaces);
  const flat = await get(siteId, 'site-spaces');
  expect(flat.map((s) => [s.path, s.default])).toEqual([
    ['a', false],
    ['b', true],
  ]);
  expect(await get(siteId, 'sections')).toEqual([]);

  // A site with sections lists no space outside them: refused whole.
  await read(siteId, 'Renamed', [
    { type: 'section', key: 's', parentKey: null, title: 'S', path: 's' },
    { type: 'space', key: 'a', parentKey: null, title: 'A', path: 'a', spaceId: a },
  ], spaces);
  expect((await get(siteId, 'site-spaces')).map((s) => s.id)).toEqual(flat.map((s) => s.id));
  expect(await get(siteId, 'sections')).toEqual([]);
  expect((await api.call('GET', `/v1/orgs/${orgId}/sites/${siteId}`, { as: owner })).body.title).toBe('Flat');
});

test('When the site is gone or another organization s, Then the read changes nothing', async () => {
  const siteId = await newSite('Mine');
  const space = newId();
  await api.handle(
    createEvent(
      ContentEvents.GIT_SYNC_SITE_STRUCTURE_READ,
      { siteId, organizationId: newId(), installationId: 'x', createdBy: owner.user, title: 'Taken', nodes: [{ type: 'space', key: 'a', parentKey: null, title: 'A', path: 'a', spaceId: space }], spaces: [snapshot(space, 'A')] },
      { source: 'content', subject: siteId },
    ),
  );
  expect(await get(siteId, 'site-spaces')).toEqual([]);
  await read(newId(), 'Nowhere', [], []);
});
