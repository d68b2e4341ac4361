import knex, { type Knex } from 'knex';
import { TEST_DATABASE_URL } from '@dp/testing';
import { bootStack, type TestStack } from '../support/stack';

let stack: TestStack;
let db: Knex;
let owner: { id: string; token: string; email: string };
let orgId: string;

beforeAll(async () => {
  stack = await bootStack('lnk', { withWorkers: false });
  db = knex({ client: 'pg', connection: TEST_DATABASE_URL, pool: { min: 0, max: 1 } });
  owner = await stack.newUser('owner');
  orgId = (await stack.newOrg(owner.token)).id;
});
afterAll(async () => {
  await db?.destroy();
  await stack?.stop();
});

/** An absolute location (official ContentLocation, checked by the client): objects embedded, not ids. */
type Ref = {
  kind: string;
  page?: { id: string };
  file?: { id: string };
  internalLocation?: { type: string; anchor: string };
  url?: string;
  space?: { id: string; revision: string };
  organization?: { id: string };
  versionContext?: { type: string; changeRequest: { id: string; revision: string } };
};
type LinkItem = { status: string; relation: string; targetReference: Ref; locationReferences: Ref[] };
type LinkList = { next?: { page: string }; count: number; stats: { total: number; broken: { total: number; changeRequest: number } }; items: LinkItem[] };

const get = (path: string, token = owner.token) => stack.call('GET', path, { token });
const author = async (spaceId: string, cr: string, changes: object[]) => {
  const res = await stack.call('POST', `/v1/spaces/${spaceId}/change-requests/${cr}/content?compat=false`, { token: owner.token, body: { changes } });
  expect(res.status).toBe(200);
  return res.body;
};
const newCr = async (spaceId: string) => (await stack.call('POST', `/v1/spaces/${spaceId}/change-requests`, { token: owner.token, body: { subject: 'Links' } })).body;
const pageIds = (authored: { changes: Array<{ page: { id: string } }> }) => authored.changes.map((c) => c.page.id);

/** Compact view of a link list: [status, target, linking pages]. */
const summary = (list: LinkList) =>
  list.items.map((i) => [
    i.status,
    i.targetReference.page?.id ?? i.targetReference.file?.id ?? i.targetReference.url,
    ...(i.targetReference.internalLocation ? [`#${i.targetReference.internalLocation.anchor}`] : []),
    i.locationReferences.map((l) => l.page?.id),
  ]);

/**
 * Every location is in the space read, in the content read: the live content has no versionContext (the
 * space names its revision), a change request's is that change request (docs/adr/0030).
 */
function expectLocatedIn(list: LinkList, spaceId: string, revision: string, changeRequest?: string) {
  for (const item of list.items) {
    expect(item.relation).toBe('reference');
    for (const location of [item.targetReference, ...item.locationReferences].filter((l) => l.kind !== 'url')) {
      expect(location.organization!.id).toBe(orgId);
      expect(location.space!.id).toBe(spaceId);
      if (changeRequest) expect(location.versionContext).toMatchObject({ type: 'changeRequest', changeRequest: { id: changeRequest, revision } });
      else {
        expect(location.versionContext).toBeUndefined();
        expect(location.space!.revision).toBe(revision);
      }
    }
  }
}

/**
 * main: Home, Guide (Setup, Install), FAQ, and a file. Home links Setup by id, Install by relative path,
 * FAQ by slug path, a missing page, a mistyped path, the file, an external URL and the web app; Setup links
 * its parent's README.md; Install links an anchor of Setup; FAQ links the file, Home and Install by id.
 */
async function seedSpace() {
  const space = (await stack.call('POST', `/v1/orgs/${orgId}/spaces`, { token: owner.token, body: { title: 'Linked' } })).body;
  const appBase = space.urls.app.replace(/\/s\/[^/]+$/, '');
  const cr = await newCr(space.id);
  const first = await author(space.id, cr.id, [
    { operation: 'insert_page', title: 'Home', document: { markdown: 'home' } },
    { operation: 'insert_page', title: 'Guide', document: { markdown: 'guide' } },
    { operation: 'insert_page', title: 'FAQ', document: { markdown: 'faq' } },
    { operation: 'insert_files', files: [{ name: 'diagram.png', contentType: 'image/png', base64: Buffer.from('png').toString('base64') }] },
  ]);
  const [home, guide, faq] = pageIds({ changes: first.changes.filter((c: { object: string }) => c.object === 'created_page') });
  const file = first.insertedFiles[0].id as string;
  const [setup, install] = pageIds(
    await author(space.id, cr.id, [
      { operation: 'insert_page', title: 'Setup', into: guide, document: { markdown: 'Back to [the guide](README.md).\n\n## Prerequisites' } },
      { operation: 'insert_page', title: 'Install', into: guide, document: { markdown: 'Before, read [setup](./setup.md#prerequisites).' } },
    ]),
  );
  await author(space.id, cr.id, [
    {
      operation: 'update_page',
      page: home,
      document: {
        markdown: [
          `Start with [setup](/pages/${setup}), then [install](guide/install.md); questions in the [FAQ](/faq).`,
          `Broken: [gone](/pages/doesNotExist) and [typo](./guide/setpu.md).`,
          `![diagram](/files/${file})`,
          `[External](https://example.com/docs) and [in the app](${appBase}/s/${space.id}).`,
          'Not links: [mail](mailto:team@example.com), [top](#top), `[code](/pages/inCode)`.',
        ].join('\n\n'),
      },
    },
    { operation: 'update_page', page: faq, document: { markdown: `The [diagram](/files/${file}), [home](/home) and [install](/pages/${install}).` } },
  ]);
  expect((await stack.call('POST', `/v1/spaces/${space.id}/change-requests/${cr.id}/merge`, { token: owner.token })).status).toBe(200);
  const live = (await get(`/v1/spaces/${space.id}`)).body.revision as string;
  return { space, appBase, live, home, guide, faq, setup, install, file };
}

describe('links and backlinks', () => {
  let s: Awaited<ReturnType<typeof seedSpace>>;
  beforeAll(async () => {
    s = await seedSpace();
  });

  test('When a space’s links are listed, Then every target is there once with its status, its linking pages and the stats', async () => {
    const res = await get(`/v1/spaces/${s.space.id}/links`);
    expect(res.status).toBe(200);
    const list = res.body as LinkList;
    expect(summary(list)).toEqual([
      ['ok', s.setup, [s.home]],
      ['ok', s.install, [s.home, s.faq]],
      ['ok', s.faq, [s.home]],
      ['broken', '/pages/doesNotExist', [s.home]],
      ['broken', './guide/setpu.md', [s.home]],
      ['ok', s.file, [s.home, s.faq]],
      ['ok', 'https://example.com/docs', [s.home]],
      ['in-app', `${s.appBase}/s/${s.space.id}`, [s.home]],
      ['ok', s.guide, [s.setup]],
      ['ok', s.setup, '#prerequisites', [s.install]],
      ['ok', s.home, [s.faq]],
    ]);
    expect(list.count).toBe(11);
    expect(list.next).toBeUndefined();
    expect(list.stats).toEqual({ total: 11, broken: { total: 2, changeRequest: 0 } });
    expectLocatedIn(list, s.space.id, s.live);
    expect(list.items[0].targetReference).toMatchObject({ kind: 'page', page: { id: s.setup, title: 'Setup', path: 'guide/setup' } });
    expect(list.items[3].targetReference).toEqual({ kind: 'url', url: '/pages/doesNotExist' });
    expect(list.items[5].targetReference).toMatchObject({ kind: 'file', file: { id: s.file, name: 'diagram.png' } });
    expect(list.items[6].targetReference).toEqual({ kind: 'url', url: 'https://example.com/docs' });
    expect(list.items[9].targetReference).toMatchObject({ kind: 'page', page: { id: s.setup }, internalLocation: { type: 'anchor', anchor: 'prerequisites' } });

    const schema = stack.envOf('content').DB_SCHEMA!;
    const cached = await db.withSchema(schema).from('document_links').count<{ count: string }[]>({ count: '*' });
    expect(Number(cached[0].count)).toBeGreaterThanOrEqual(5);
  });

  test('When one page’s links are listed, Then only its links are there, with stats of that page', async () => {
    const res = await get(`/v1/spaces/${s.space.id}/content/page/${s.faq}/links`);
    expect(res.status).toBe(200);
    expect(summary(res.body)).toEqual([
      ['ok', s.file, [s.faq]],
      ['ok', s.home, [s.faq]],
      ['ok', s.install, [s.faq]],
    ]);
    expect(res.body.stats).toEqual({ total: 3, broken: { total: 0, changeRequest: 0 } });
    const home = (await get(`/v1/spaces/${s.space.id}/content/page/${s.home}/links`)).body as LinkList;
    expect(home.stats).toEqual({ total: 8, broken: { total: 2, changeRequest: 0 } });
    expectLocatedIn(home, s.space.id, s.live);
    const guide = (await get(`/v1/spaces/${s.space.id}/content/page/${s.guide}/links`)).body;
    expect(guide).toEqual({ count: 0, stats: { total: 0, broken: { total: 0, changeRequest: 0 } }, items: [] });
  });

  test('When backlinks of a page and of a file are listed, Then they are the pages linking to them (by id, path, slug or anchor), in reading order', async () => {
    const setup = await get(`/v1/spaces/${s.space.id}/content/page/${s.setup}/backlinks`);
    expect(setup.status).toBe(200);
    expect(setup.body.items.map((r: Ref) => r.page?.id)).toEqual([s.home, s.install]);
    expect(setup.body.count).toBe(2);
    expectLocatedIn({ items: [{ relation: 'reference', targetReference: setup.body.items[0], locationReferences: setup.body.items }] } as LinkList, s.space.id, s.live);
    expect(setup.body.items[0]).toMatchObject({ kind: 'page', page: { id: s.home, title: 'Home' } });
    expect((await get(`/v1/spaces/${s.space.id}/content/page/${s.install}/backlinks`)).body.items.map((r: Ref) => r.page?.id)).toEqual([s.home, s.faq]);
    expect((await get(`/v1/spaces/${s.space.id}/content/page/${s.faq}/backlinks`)).body.items.map((r: Ref) => r.page?.id)).toEqual([s.home]);
    expect((await get(`/v1/spaces/${s.space.id}/content/page/${s.guide}/backlinks`)).body.items.map((r: Ref) => r.page?.id)).toEqual([s.setup]);
    const file = await get(`/v1/spaces/${s.space.id}/content/files/${s.file}/backlinks`);
    expect(file.status).toBe(200);
    expect(file.body.items.map((r: Ref) => r.page?.id)).toEqual([s.home, s.faq]);
    const one = await get(`/v1/spaces/${s.space.id}/content/page/${s.setup}/backlinks?limit=1`);
    expect(one.body).toMatchObject({ count: 2, next: { page: expect.any(String) }, items: [{ page: { id: s.home } }] });
  });

  test('When a change request deletes a linked page, Then its links are broken there (and counted as introduced) but not in main', async () => {
    const cr = await newCr(s.space.id);
    await author(s.space.id, cr.id, [{ operation: 'delete_page', page: s.install }]);
    const base = `/v1/spaces/${s.space.id}/change-requests/${cr.id}`;
    const crRevision = (await get(base)).body.revision as string;

    const home = (await get(`${base}/content/page/${s.home}/links`)).body as LinkList;
    expect(summary(home)).toContainEqual(['broken', 'guide/install.md', [s.home]]);
    expect(home.stats).toEqual({ total: 8, broken: { total: 3, changeRequest: 1 } });
    expectLocatedIn(home, s.space.id, crRevision, cr.id);
    const faq = (await get(`${base}/content/page/${s.faq}/links`)).body as LinkList;
    expect(summary(faq)).toEqual([
      ['ok', s.file, [s.faq]],
      ['ok', s.home, [s.faq]],
      ['broken', `/pages/${s.install}`, [s.faq]],
    ]);
    expect(faq.stats).toEqual({ total: 3, broken: { total: 1, changeRequest: 1 } });

    const mainHome = (await get(`/v1/spaces/${s.space.id}/content/page/${s.home}/links`)).body as LinkList;
    expect(summary(mainHome)).toContainEqual(['ok', s.install, [s.home]]);
    expect(mainHome.stats).toEqual({ total: 8, broken: { total: 2, changeRequest: 1 } });
    const main = (await get(`/v1/spaces/${s.space.id}/links`)).body as LinkList;
    expect(main.stats).toEqual({ total: 11, broken: { total: 2, changeRequest: 2 } });

    expect((await get(`${base}/content/page/${s.install}/backlinks`)).status).toBe(404);
    expect((await get(`${base}/content/page/${s.install}/links`)).status).toBe(404);
    expect((await get(`${base}/content/page/${s.setup}/backlinks`)).body.items.map((r: Ref) => r.page?.id)).toEqual([s.home]);
    expect((await get(`/v1/spaces/${s.space.id}/content/page/${s.setup}/backlinks`)).body.items.map((r: Ref) => r.page?.id)).toEqual([s.home, s.install]);
    const file = (await get(`${base}/content/files/${s.file}/backlinks`)).body;
    expect(file.items.map((r: Ref) => r.page?.id)).toEqual([s.home, s.faq]);
    expect(file.items[0].versionContext).toMatchObject({ type: 'changeRequest', changeRequest: { id: cr.id, revision: crRevision } });

    // Archived, the change request no longer counts for the space.
    await stack.call('PATCH', base, { token: owner.token, body: { status: 'archived' } });
    expect((await get(`/v1/spaces/${s.space.id}/links`)).body.stats.broken.changeRequest).toBe(0);
  });

  test('When links are paged with limit=1, Then following next lists every item once; limit=1001 or a bad token is a 400', async () => {
    const all = (await get(`/v1/spaces/${s.space.id}/links`)).body as LinkList;
    const seen: LinkItem[] = [];
    let page: string | undefined;
    do {
      const res = await get(`/v1/spaces/${s.space.id}/links?limit=1${page ? `&page=${page}` : ''}`);
      expect(res.status).toBe(200);
      expect(res.body.items).toHaveLength(1);
      expect(res.body).toMatchObject({ count: 11, stats: all.stats });
      seen.push(...res.body.items);
      page = res.body.next?.page;
    } while (page);
    expect(seen).toEqual(all.items);
    for (const query of ['limit=1001', 'limit=0', 'page=nonsense']) {
      expect((await get(`/v1/spaces/${s.space.id}/links?${query}`)).status).toBe(400);
      expect((await get(`/v1/spaces/${s.space.id}/content/files/${s.file}/backlinks?${query}`)).status).toBe(400);
    }
  });

  test('When the caller is a reader, a stranger, or asks for unknown pages, files or change requests, Then it is 200, or 404', async () => {
    const reader = await stack.newUser('reader');
    await stack.addMember(owner.token, orgId, reader.email, 'read');
    expect((await get(`/v1/spaces/${s.space.id}/links`, reader.token)).status).toBe(200);
    expect((await get(`/v1/spaces/${s.space.id}/content/page/${s.setup}/backlinks`, reader.token)).status).toBe(200);

    const stranger = await stack.newUser('stranger');
    await stack.newOrg(stranger.token, 'Elsewhere');
    for (const path of ['links', `content/page/${s.home}/links`, `content/page/${s.setup}/backlinks`, `content/files/${s.file}/backlinks`]) {
      expect((await get(`/v1/spaces/${s.space.id}/${path}`, stranger.token)).status).toBe(404);
    }
    expect((await get(`/v1/spaces/${s.space.id}/content/page/nope/links`)).status).toBe(404);
    expect((await get(`/v1/spaces/${s.space.id}/content/page/nope/backlinks`)).status).toBe(404);
    expect((await get(`/v1/spaces/${s.space.id}/content/files/nope/backlinks`)).status).toBe(404);
    expect((await get(`/v1/spaces/${s.space.id}/change-requests/nope/content/page/${s.home}/links`)).status).toBe(404);
    expect((await get(`/v1/spaces/nope/links`)).status).toBe(404);
    expect((await get(`/v1/spaces/${s.space.id}/content/page/${encodeURIComponent('bad id!')}/links`)).status).toBe(400);
  });
});
