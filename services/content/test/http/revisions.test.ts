import { componentOf, expectOfficialSchema } from '@dp/testing';
import { contentService } from '../../src';
import { contentFixtures } from './fixtures';

/**
 * A space as it was at any of its revisions (issue 26), on content's app: the official reads under
 * `/spaces/{spaceId}/revisions/{revisionId}` (the revision, its pages, a page by id or path, its document, its
 * files) answer exactly what the space held then, pages deleted since included; a revision of another space is a 404.
 */
const api = componentOf('revs', contentService);
const fixtures = contentFixtures(api);
const orgId = fixtures.orgId;

const newSpace = async (title: string) => (await fixtures.call('POST', `/v1/orgs/${orgId}/spaces`, { title })).body.id as string;
/** Authors `changes` in a change request and merges it; the revision the merge made. */
async function merged(spaceId: string, changes: object[]): Promise<{ revision: string; pages: Array<{ id: string }> }> {
  const cr = (await fixtures.call('POST', `/v1/spaces/${spaceId}/change-requests`, { subject: 'Edit' })).body.id;
  const authored = await fixtures.call('POST', `/v1/spaces/${spaceId}/change-requests/${cr}/content?compat=false`, { changes });
  expect(authored.status).toBe(200);
  const merge = await fixtures.call('POST', `/v1/spaces/${spaceId}/change-requests/${cr}/merge`);
  expect(merge.status).toBe(200);
  return { revision: merge.body.revision, pages: authored.body.changes.map((c: { page: { id: string } | string }) => (typeof c.page === 'string' ? { id: c.page } : c.page)) };
}

describe('a space at its revisions', () => {
  test('When a space is edited through twenty merges, Then every revision reads back exactly as it was, by id and by path', async () => {
    const space = await newSpace('History');
    const { revision: first, pages } = await merged(space, [{ operation: 'insert_page', title: 'Guide', document: { markdown: 'Version 0.' } }]);
    const pageId = pages[0].id;
    const history = [{ revision: first, markdown: 'Version 0.' }];
    for (let n = 1; n < 20; n++) {
      const { revision } = await merged(space, [{ operation: 'update_page', page: pageId, document: { markdown: `Version ${n}.` } }]);
      history.push({ revision, markdown: `Version ${n}.` });
    }
    expect(new Set(history.map((h) => h.revision)).size).toBe(20);
    for (const { revision, markdown } of history) {
      const page = await fixtures.call('GET', `/v1/spaces/${space}/revisions/${revision}/page/${pageId}?format=markdown`);
      expect(page.status).toBe(200);
      expect(page.body.markdown.trim()).toBe(markdown);
      const byPath = await fixtures.call('GET', `/v1/spaces/${space}/revisions/${revision}/path/guide?format=markdown`);
      expect(byPath.body.markdown.trim()).toBe(markdown);
    }
    const fifth = await fixtures.call('GET', `/v1/spaces/${space}/revisions/${history[4].revision}`);
    expect(fifth.status).toBe(200);
    expect(fifth.body).toMatchObject({ object: 'revision', id: history[4].revision, type: 'merge' });
    // A merge's parents: main as it was (the fourth merge) and the change request's revision.
    expect(fifth.body.parents[0]).toBe(history[3].revision);
    expect(fifth.body.urls.app).toContain(`/revisions/${history[4].revision}`);

    // What each merge changed against the one before: the page's document, and the change request it merged.
    const documentIdAt = async (revision: string) => (await fixtures.call('GET', `/v1/spaces/${space}/revisions/${revision}/page/${pageId}`)).body.documentId;
    for (let n = 1; n < 20; n++) {
      const changes = await fixtures.call('GET', `/v1/spaces/${space}/revisions/${history[n].revision}/changes`);
      expect(changes.status).toBe(200);
      expect(changes.body.changes).toEqual([
        { type: 'page_edited', page: { id: pageId, type: 'document', title: 'Guide', path: 'guide' }, attributes: { document: { before: await documentIdAt(history[n - 1].revision), after: await documentIdAt(history[n].revision) } } },
      ]);
      expect(changes.body.mergedFrom).toMatchObject({ object: 'change-request', revision: expect.any(String) });
    }
    const created = await fixtures.call('GET', `/v1/spaces/${space}/revisions/${first}/changes`);
    expect(created.body.changes).toEqual([{ type: 'page_created', page: { id: pageId, type: 'document', title: 'Guide', path: 'guide' } }]);
  });

  test('When the history is listed, Then it is the main line newest first, in pages that a merge between two reads does not shift', async () => {
    const space = await newSpace('Listed');
    const made: string[] = [];
    for (let n = 0; n < 6; n++) made.push((await merged(space, [{ operation: 'insert_page', title: `Page ${n}`, document: { markdown: `${n}` } }])).revision);
    const first = await fixtures.call('GET', `/v1/spaces/${space}/revisions?limit=4`);
    expect(first.status).toBe(200);
    // Six merges after the space's first revision: seven in all.
    expect(first.body.count).toBe(7);
    expect(first.body.items.map((r: { id: string }) => r.id)).toEqual(made.slice(2).reverse());
    expect(first.body.items[0]).toMatchObject({ object: 'revision', type: 'merge', urls: { location: expect.stringContaining(`/revisions/${made[5]}`) } });
    await merged(space, [{ operation: 'insert_page', title: 'Meanwhile', document: { markdown: 'x' } }]);
    const second = await fixtures.call('GET', `/v1/spaces/${space}/revisions?limit=4&page=${first.body.next.page}`);
    expect(second.body.items.map((r: { id: string }) => r.id).slice(0, 2)).toEqual([made[1], made[0]]);
    expect(second.body.items).toHaveLength(3);
    expect(second.body.next).toBeUndefined();
    expect((await fixtures.call('GET', `/v1/spaces/${space}/revisions?page=not-a-token`)).status).toBe(400);
  });

  test('When a page is deleted, Then the revisions before it still have it, with its document; the live content does not', async () => {
    const space = await newSpace('Deletions');
    const { revision: before, pages } = await merged(space, [
      { operation: 'insert_page', title: 'Keep', document: { markdown: 'Kept.' } },
      { operation: 'insert_page', title: 'Drop', document: { markdown: 'Dropped **soon**.' } },
    ]);
    const dropped = pages[1].id;
    const { revision: after } = await merged(space, [{ operation: 'delete_page', page: dropped }]);

    const then = await fixtures.call('GET', `/v1/spaces/${space}/revisions/${before}/pages`);
    expect(then.body.pages.map((p: { title: string }) => p.title)).toEqual(['Keep', 'Drop']);
    const now = await fixtures.call('GET', `/v1/spaces/${space}/revisions/${after}/pages`);
    expect(now.body.pages.map((p: { title: string }) => p.title)).toEqual(['Keep']);
    expect((await fixtures.call('GET', `/v1/spaces/${space}/content/page/${dropped}`)).status).toBe(404);

    const page = await fixtures.call('GET', `/v1/spaces/${space}/revisions/${before}/page/${dropped}`);
    expect(page.status).toBe(200);
    expectOfficialSchema('RevisionPageDocument', page.body);
    const document = await fixtures.call('GET', `/v1/spaces/${space}/revisions/${before}/page/${dropped}/document`);
    expect(document.status).toBe(200);
    expect(document.body).toEqual(page.body.document);
    expect((await fixtures.call('GET', `/v1/spaces/${space}/revisions/${after}/page/${dropped}/document`)).status).toBe(404);
  });

  test('When a revision belongs to another space, or the caller may not see the space, Then it is a 404', async () => {
    const [mine, other] = [await newSpace('Mine'), await newSpace('Other')];
    const { revision: theirs } = await merged(other, [{ operation: 'insert_page', title: 'Secret', document: { markdown: 'Theirs.' } }]);
    expect((await fixtures.call('GET', `/v1/spaces/${mine}/revisions/${theirs}`)).status).toBe(404);
    expect((await fixtures.call('GET', `/v1/spaces/${mine}/revisions/${theirs}/pages`)).status).toBe(404);
    const stranger = await fixtures.newUser('stranger', 'admin', 'another-org');
    expect((await api.call('GET', `/v1/spaces/${other}/revisions/${theirs}`, { as: stranger.as })).status).toBe(404);
    expect((await fixtures.call('GET', `/v1/spaces/${other}/revisions/no-such-revision/files`)).status).toBe(404);
  });
});

describe('revision storage', () => {
  const chunkRows = async () => Number((await api.db('page_chunks').count({ n: '*' }).first())!.n);

  test('When a 500-page space gets a one-page edit, Then the new revision stores the chunk that holds the page and shares the others with its parent', async () => {
    const space = await newSpace('Large');
    const cr = (await fixtures.call('POST', `/v1/spaces/${space}/change-requests`, { subject: 'Many pages' })).body.id;
    for (let batch = 0; batch < 10; batch++) {
      const changes = Array.from({ length: 50 }, (_, i) => ({ operation: 'insert_page', title: `Page ${batch * 50 + i}`, document: { markdown: `Body ${batch * 50 + i}.` } }));
      expect((await fixtures.call('POST', `/v1/spaces/${space}/change-requests/${cr}/content?compat=false`, { changes })).status).toBe(200);
    }
    expect((await fixtures.call('POST', `/v1/spaces/${space}/change-requests/${cr}/merge`)).status).toBe(200);
    const pages = (await fixtures.call('GET', `/v1/spaces/${space}/content/pages`)).body.pages as Array<{ id: string; title: string }>;
    expect(pages).toHaveLength(500);
    const parent = (await fixtures.call('GET', `/v1/spaces/${space}`)).body.revision;

    const before = await chunkRows();
    const { revision } = await merged(space, [{ operation: 'update_page', page: pages[250].id, title: 'Edited page' }]);
    expect(await chunkRows()).toBe(before + 1);
    const chunksOf = async (id: string) => (await api.db('revisions').where({ id }).first('page_chunks')).page_chunks as string[];
    const [was, now] = [await chunksOf(parent), await chunksOf(revision)];
    expect(now.length).toBe(was.length);
    expect(now.filter((hash, i) => hash !== was[i])).toHaveLength(1);
    // Both read back whole, each as it was.
    const titlesAt = async (rev: string) => ((await fixtures.call('GET', `/v1/spaces/${space}/revisions/${rev}/pages`)).body.pages as Array<{ title: string }>).map((p) => p.title);
    expect((await titlesAt(revision))[250]).toBe('Edited page');
    expect((await titlesAt(parent))[250]).toBe('Page 250');
    expect(await titlesAt(revision)).toHaveLength(500);
  });

  test('When a revision was stored before chunks (its pages in the row), Then it reads as it did', async () => {
    const space = await newSpace('Legacy');
    const { revision, pages } = await merged(space, [{ operation: 'insert_page', title: 'Old page', document: { markdown: 'Old.' } }]);
    // The row as the earlier code wrote it: the tree in `pages`, no chunks.
    const stored = await api.db('page_chunks').whereIn('hash', (await api.db('revisions').where({ id: revision }).first('page_chunks')).page_chunks).first('pages');
    await api.db('revisions').where({ id: revision }).update({ pages: JSON.stringify(stored.pages), page_chunks: null });
    const page = await fixtures.call('GET', `/v1/spaces/${space}/revisions/${revision}/page/${pages[0].id}?format=markdown`);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ title: 'Old page', markdown: expect.stringContaining('Old.') });
  });
});

describe('semantic changes', () => {
  test('When a change request creates, edits, moves and deletes pages, Then its changes name each against its base, the first `limit` of them with how many more', async () => {
    const space = await newSpace('Changed');
    const { pages } = await merged(space, [
      { operation: 'insert_page', title: 'Guides', document: { markdown: 'Guides.' } },
      { operation: 'insert_page', title: 'Setup', document: { markdown: 'Setup.' } },
      { operation: 'insert_page', title: 'Obsolete', document: { markdown: 'Old.' } },
    ]);
    const [guides, setup, obsolete] = pages.map((p) => p.id);
    const cr = (await fixtures.call('POST', `/v1/spaces/${space}/change-requests`, { subject: 'Reorganize' })).body.id;
    const authored = await fixtures.call('POST', `/v1/spaces/${space}/change-requests/${cr}/content?compat=false`, {
      changes: [
        { operation: 'update_page', page: setup, title: 'Installation', into: guides },
        { operation: 'delete_page', page: obsolete },
        { operation: 'insert_page', title: 'Upgrade', into: guides, document: { markdown: 'Upgrade.' } },
      ],
    });
    expect(authored.status).toBe(200);
    // Main moves on meanwhile: its merge is not the change request's change.
    await merged(space, [{ operation: 'insert_page', title: 'Elsewhere', document: { markdown: 'x' } }]);

    const all = await fixtures.call('GET', `/v1/spaces/${space}/change-requests/${cr}/changes?limit=100`);
    expect(all.status).toBe(200);
    expect(all.body.changes.map((c: { type: string; page: { title: string } }) => [c.type, c.page.title])).toEqual([
      ['page_edited', 'Installation'],
      ['page_moved', 'Installation'],
      ['page_created', 'Upgrade'],
      ['page_deleted', 'Obsolete'],
    ]);
    expect(all.body.changes[0].attributes).toMatchObject({ title: { before: 'Setup', after: 'Installation' } });
    expect(all.body.changes[1].parent).toEqual({ after: { id: guides, type: 'document', title: 'Guides', path: 'guides' } });
    expect(all.body.more).toBeUndefined();

    const first = await fixtures.call('GET', `/v1/spaces/${space}/change-requests/${cr}/changes`);
    expect(first.body.changes).toHaveLength(4);
    const two = await fixtures.call('GET', `/v1/spaces/${space}/change-requests/${cr}/changes?limit=2`);
    expect(two.body.changes).toEqual(all.body.changes.slice(0, 2));
    expect(two.body.more).toBe(2);
    expect((await fixtures.call('GET', `/v1/spaces/${space}/change-requests/${cr}/changes?limit=0`)).status).toBe(400);
    expect((await fixtures.call('GET', `/v1/spaces/${space}/change-requests/999/changes`)).status).toBe(404);
    const stranger = await fixtures.newUser('outsider', 'admin', 'elsewhere-org');
    expect((await api.call('GET', `/v1/spaces/${space}/change-requests/${cr}/changes`, { as: stranger.as })).status).toBe(404);
  });
});

describe('rollback', () => {
  const treeOf = async (path: string) => {
    const pages = (await fixtures.call('GET', `${path}/pages`)).body.pages as Array<{ id: string; title: string; markdown?: string }>;
    return pages.map((p) => [p.id, p.title, p.markdown?.trim()]);
  };

  test('When an admin rolls a space back to its fifth revision, Then the live content equals it, as a new revision of type rollback that the history lists first', async () => {
    const space = await newSpace('Rolled back');
    const { revision: first, pages } = await merged(space, [{ operation: 'insert_page', title: 'Guide', document: { markdown: 'v0' } }]);
    const revisions = [first];
    for (let n = 1; n < 8; n++) {
      const changes: object[] = [{ operation: 'update_page', page: pages[0].id, document: { markdown: `v${n}` } }];
      if (n === 6) changes.push({ operation: 'insert_page', title: 'Added later', document: { markdown: 'later' } });
      revisions.push((await merged(space, changes)).revision);
    }
    const fifth = revisions[4];
    const live = (await fixtures.call('GET', `/v1/spaces/${space}`)).body.revision;
    const rolled = await fixtures.call('POST', `/v1/spaces/${space}/revisions/${fifth}/rollback`);
    expect(rolled.status).toBe(200);
    expect(rolled.body.result).toBe('rollback');
    expect(await treeOf(`/v1/spaces/${space}/content`)).toEqual(await treeOf(`/v1/spaces/${space}/revisions/${fifth}`));
    expect((await treeOf(`/v1/spaces/${space}/content`)).map((p) => p[2])).toEqual(['v4']);

    const revision = await fixtures.call('GET', `/v1/spaces/${space}/revisions/${rolled.body.revision}`);
    expect(revision.body).toMatchObject({ type: 'rollback', parents: [live] });
    expect((await fixtures.call('GET', `/v1/spaces/${space}`)).body.revision).toBe(rolled.body.revision);
    expect((await fixtures.call('GET', `/v1/spaces/${space}/revisions?limit=1`)).body.items[0].id).toBe(rolled.body.revision);
    // Announced as a new live revision: search and links re-read the pages that changed.
    const created = (await api.outbox('content.revision.created')).find((e) => (e.data as { revisionId: string }).revisionId === rolled.body.revision);
    expect(created?.data).toMatchObject({ live: true, changeRequestId: null });
    expect(new Set((created!.data as { changedPages: string[] }).changedPages).size).toBe(2);
  });

  test('When an editor proposes a rollback as a change request, Then it holds the earlier content as a rollback revision, main is untouched until it merges, and a page main gained meanwhile survives the merge', async () => {
    const space = await newSpace('Proposed rollback');
    const editor = await fixtures.newUser('proposer', 'edit');
    const { revision: first, pages } = await merged(space, [{ operation: 'insert_page', title: 'Guide', document: { markdown: 'v0' } }]);
    await merged(space, [{ operation: 'update_page', page: pages[0].id, document: { markdown: 'v1' } }]);
    const live = (await fixtures.call('GET', `/v1/spaces/${space}`)).body.revision;

    const proposed = await api.call('POST', `/v1/spaces/${space}/revisions/${first}/rollback`, { as: editor.as, body: { changeRequest: {} } });
    expect(proposed.status).toBe(201);
    expect(proposed.body).toEqual({ revision: expect.any(String), changeRequest: expect.any(String), result: 'change-request' });
    expect(proposed.headers.get('location')).toContain(`/spaces/${space}/change-requests/${proposed.body.changeRequest}`);
    const crPath = `/v1/spaces/${space}/change-requests/${proposed.body.changeRequest}`;
    const cr = await fixtures.call('GET', crPath);
    expect(cr.body).toMatchObject({ subject: `Roll back to revision ${first}`, revision: proposed.body.revision, status: 'draft', createdBy: { id: editor.id } });
    expect((await fixtures.call('GET', `/v1/spaces/${space}/revisions/${proposed.body.revision}`)).body).toMatchObject({ type: 'rollback', parents: [live] });
    const changes = await fixtures.call('GET', `${crPath}/changes`);
    expect(changes.body.changes).toEqual([expect.objectContaining({ type: 'page_edited', page: expect.objectContaining({ id: pages[0].id }) })]);
    expect((await fixtures.call('GET', `/v1/spaces/${space}`)).body.revision).toBe(live);

    await merged(space, [{ operation: 'insert_page', title: 'Meanwhile', document: { markdown: 'kept' } }]);
    expect((await fixtures.call('POST', `${crPath}/merge`)).status).toBe(200);
    expect((await treeOf(`/v1/spaces/${space}/content`)).map(([, title, markdown]) => [title, markdown])).toEqual([
      ['Guide', 'v0'],
      ['Meanwhile', 'kept'],
    ]);
  });

  test('When a rollback is proposed by a reader, with a bad body, or to the live revision, Then it is a 403, a 400 or a 409 and no change request is opened', async () => {
    const space = await newSpace('Guarded proposal');
    const { revision: first } = await merged(space, [{ operation: 'insert_page', title: 'A', document: { markdown: 'a' } }]);
    const { revision: second } = await merged(space, [{ operation: 'insert_page', title: 'B', document: { markdown: 'b' } }]);
    const reader = await fixtures.newUser('reader', 'read');
    const propose = (revision: string, body: unknown, as = fixtures.owner.as) => api.call('POST', `/v1/spaces/${space}/revisions/${revision}/rollback`, { as, body });
    expect((await propose(first, { changeRequest: {} }, reader.as)).status).toBe(403);
    for (const bad of [{ changeRequest: { subject: '' } }, { changeRequest: 'yes' }, { changeRequest: { subject: 'x', status: 'open' } }, { direct: true }]) {
      expect({ bad, status: (await propose(first, bad)).status }).toEqual({ bad, status: 400 });
    }
    expect((await propose(second, { changeRequest: { subject: 'Undo' } })).status).toBe(409);
    expect((await fixtures.call('GET', `/v1/spaces/${space}/change-requests?status=draft`)).body.count).toBe(0);
  });

  test('When a rollback is asked by a non-admin, to the live revision or to another space s revision, Then it is a 403, a 409 or a 404 and nothing changes', async () => {
    const [space, other] = [await newSpace('Guarded rollback'), await newSpace('Elsewhere')];
    const { revision: first } = await merged(space, [{ operation: 'insert_page', title: 'A', document: { markdown: 'a' } }]);
    const { revision: second } = await merged(space, [{ operation: 'insert_page', title: 'B', document: { markdown: 'b' } }]);
    const { revision: theirs } = await merged(other, [{ operation: 'insert_page', title: 'C', document: { markdown: 'c' } }]);
    const editor = await fixtures.newUser('editor', 'edit');
    expect((await api.call('POST', `/v1/spaces/${space}/revisions/${first}/rollback`, { as: editor.as })).status).toBe(403);
    expect((await fixtures.call('POST', `/v1/spaces/${space}/revisions/${second}/rollback`)).status).toBe(409);
    expect((await fixtures.call('POST', `/v1/spaces/${space}/revisions/${theirs}/rollback`)).status).toBe(404);
    expect((await fixtures.call('GET', `/v1/spaces/${space}`)).body.revision).toBe(second);
  });
});
