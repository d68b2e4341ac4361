import { ContentEvents } from '@dp/events';
import { expectOfficialSchema } from '@dp/testing';
import { twoOrganizations, type User } from './organizations-support';

/** Collections on content's own app (component level, docs/testing.md); their events read from its outbox. */
const fx = twoOrganizations('col');
let owner: User;
let reader: User;
let creator: User;
let stranger: User;
let orgId: string;
let otherOrgId: string;

beforeAll(() => {
  ({ owner, reader, creator, stranger, orgId, otherOrgId } = fx);
});

const { call, createCollection, createSpace, spaceIdsIn } = fx;
const topLevelIds = async (org = orgId) => {
  const res = await call('GET', `/v1/orgs/${org}/collections?nested=false&limit=1000`, owner.as);
  expect(res.status).toBe(200);
  return res.body.items.map((c: { id: string }) => c.id);
};

describe('collections', () => {
  test('When a creator creates a collection, Then it is 201 with Location, validates against the official Collection schema and reads back the same', async () => {
    const res = await call('POST', `/v1/orgs/${orgId}/collections`, creator.as, { title: 'Guides' });
    expect(res.status).toBe(201);
    expect(res.headers.get('location')).toBe(res.body.urls.location);
    expect(res.body).toMatchObject({ object: 'collection', title: 'Guides', organization: orgId, defaultLevel: 'inherit' });
    expect(res.body.parent).toBeUndefined();
    expect(res.body.permissions).toEqual({ view: true, admin: false, viewInviteLinks: false, create: true });
    expectOfficialSchema('Collection', res.body);
    const again = await call('GET', `/v1/collections/${res.body.id}`, creator.as);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(res.body);
    const asOwner = await call('GET', `/v1/collections/${res.body.id}`, owner.as);
    expect(asOwner.body.permissions).toEqual({ view: true, admin: true, viewInviteLinks: true, create: true });

    const events = await fx.contentOutbox(ContentEvents.COLLECTION_CREATED, res.body.id);
    expect(events.map((e) => e.event.data.collection)).toEqual([expect.objectContaining({ id: res.body.id, organization: orgId, title: 'Guides', parent: null })]);
  });

  test('When a collection is created without a body, Then it has an empty title', async () => {
    const res = await call('POST', `/v1/orgs/${orgId}/collections`, owner.as);
    expect(res.status).toBe(201);
    expect(res.body.title).toBe('');
    expectOfficialSchema('Collection', res.body);
  });

  test('When a collection is created in a parent, Then it is nested there; a parent of another organization or unknown is a 400', async () => {
    const parent = await createCollection({ title: 'Parent' });
    const child = await createCollection({ title: 'Child', parent: parent.id });
    expect(child.parent).toBe(parent.id);
    expectOfficialSchema('Collection', child);
    const foreign = await createCollection({ title: 'Foreign' }, otherOrgId);
    for (const parentId of [foreign.id, 'doesnotexist']) {
      const res = await call('POST', `/v1/orgs/${orgId}/collections`, owner.as, { title: 'x', parent: parentId });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toMatch(/body\.parent/);
    }
  });

  test.each([
    ['a 51-character title', { title: 'x'.repeat(51) }],
    ['a wrong title type', { title: 42 }],
    ['a wrong parent type', { parent: 7 }],
    ['an unknown field', { description: 'not on create' }],
  ])('When the create body has %s, Then it is a 400 and nothing is written', async (_label, body) => {
    const before = await call('GET', `/v1/orgs/${orgId}/collections`, owner.as);
    const res = await call('POST', `/v1/orgs/${orgId}/collections`, owner.as, body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: { code: 400, message: expect.any(String) } });
    const after = await call('GET', `/v1/orgs/${orgId}/collections`, owner.as);
    expect(after.body.count).toBe(before.body.count);
  });

  test('When an admin patches a collection, Then title, description and defaultLevel (role, null, inherit) change', async () => {
    const c = await createCollection({ title: 'Old' });
    const patched = await call('PATCH', `/v1/collections/${c.id}`, owner.as, { title: 'New', description: 'About things', defaultLevel: 'read' });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ id: c.id, title: 'New', description: 'About things', defaultLevel: 'read' });
    expectOfficialSchema('Collection', patched.body);
    const guests = await call('PATCH', `/v1/collections/${c.id}`, owner.as, { defaultLevel: null });
    expect(guests.body.defaultLevel).toBeNull();
    expectOfficialSchema('Collection', guests.body);
    const inherit = await call('PATCH', `/v1/collections/${c.id}`, owner.as, { defaultLevel: 'inherit' });
    expect(inherit.body).toMatchObject({ title: 'New', description: 'About things', defaultLevel: 'inherit' });
    expect((await call('GET', `/v1/collections/${c.id}`, owner.as)).body).toEqual(inherit.body);
    expect((await fx.contentOutbox(ContentEvents.COLLECTION_UPDATED, c.id)).length).toBe(3);
  });

  test.each([
    ['a 51-character title', { title: 'y'.repeat(51) }],
    ['a 101-character description', { description: 'd'.repeat(101) }],
    ['an unknown defaultLevel', { defaultLevel: 'owner' }],
    ['a wrong description type', { description: 5 }],
    ['no field at all', {}],
    ['an unknown field', { emoji: '1f389' }],
  ])('When the patch has %s, Then it is a 400 and nothing changes', async (_label, body) => {
    const c = await createCollection({ title: 'Stable' });
    const res = await call('PATCH', `/v1/collections/${c.id}`, owner.as, body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe(400);
    expect((await call('GET', `/v1/collections/${c.id}`, owner.as)).body).toEqual(c);
  });

  test('When a description of exactly 100 and a title of exactly 50 characters are sent, Then they are accepted', async () => {
    const c = await createCollection({ title: 't'.repeat(50) });
    const res = await call('PATCH', `/v1/collections/${c.id}`, owner.as, { description: 'd'.repeat(100) });
    expect(res.status).toBe(200);
    expectOfficialSchema('Collection', res.body);
  });

  test('When a read member uses collections, Then reads work and every write is a 403', async () => {
    const c = await createCollection({ title: 'Readable' });
    const seen = await call('GET', `/v1/collections/${c.id}`, reader.as);
    expect(seen.status).toBe(200);
    expect(seen.body.permissions).toEqual({ view: true, admin: false, viewInviteLinks: false, create: false });
    expect((await call('GET', `/v1/collections/${c.id}/spaces`, reader.as)).status).toBe(200);
    expect((await call('GET', `/v1/orgs/${orgId}/collections`, reader.as)).status).toBe(200);
    for (const [method, path, body] of [
      ['POST', `/v1/orgs/${orgId}/collections`, { title: 'no' }],
      ['PATCH', `/v1/collections/${c.id}`, { title: 'no' }],
      ['DELETE', `/v1/collections/${c.id}`, undefined],
      ['POST', `/v1/collections/${c.id}/move`, { parent: null }],
      ['POST', `/v1/collections/${c.id}/transfer`, { organization: otherOrgId }],
    ] as const) {
      const res = await call(method, path, reader.as, body);
      expect({ method, path, status: res.status }).toEqual({ method, path, status: 403 });
    }
  });

  test('When a creator (not admin) patches or deletes a collection, Then it is a 403', async () => {
    const c = await createCollection({ title: 'Admins only' });
    expect((await call('PATCH', `/v1/collections/${c.id}`, creator.as, { title: 'x' })).status).toBe(403);
    expect((await call('DELETE', `/v1/collections/${c.id}`, creator.as)).status).toBe(403);
  });

  test("When a user asks for another organization's collection, Then every operation is a 404", async () => {
    const c = await createCollection({ title: 'Private matters' });
    for (const [method, path, body] of [
      ['GET', `/v1/collections/${c.id}`, undefined],
      ['PATCH', `/v1/collections/${c.id}`, { title: 'x' }],
      ['DELETE', `/v1/collections/${c.id}`, undefined],
      ['GET', `/v1/collections/${c.id}/spaces`, undefined],
      ['POST', `/v1/collections/${c.id}/move`, { parent: null }],
      ['POST', `/v1/collections/${c.id}/transfer`, { organization: otherOrgId }],
      ['GET', `/v1/orgs/${orgId}/collections`, undefined],
      ['POST', `/v1/orgs/${orgId}/collections`, { title: 'x' }],
    ] as const) {
      const res = await call(method, path, stranger.as, body);
      expect({ method, path, status: res.status }).toEqual({ method, path, status: 404 });
    }
    expect((await call('GET', `/v1/collections/doesnotexist`, owner.as)).status).toBe(404);
  });

  test.each([
    ['limit=1001', 'limit=1001'],
    ['limit=0', 'limit=0'],
    ['nested=maybe', 'nested=maybe'],
    ['a forged page token', 'page=not-a-token'],
  ])('When the collection list is asked with %s, Then it is a 400', async (_label, query) => {
    expect((await call('GET', `/v1/orgs/${orgId}/collections?${query}`, owner.as)).status).toBe(400);
    if (!query.startsWith('nested')) {
      const c = await createCollection();
      expect((await call('GET', `/v1/collections/${c.id}/spaces?${query}`, owner.as)).status).toBe(400);
    }
  });
});

describe('listing collections', () => {
  let org: string;
  let top: { id: string }[];
  let nested: { id: string };

  beforeAll(async () => {
    org = fx.newOrg(owner).id;
    top = [];
    for (const title of ['A', 'B', 'C']) top.push(await createCollection({ title }, org));
    nested = await createCollection({ title: 'A.1', parent: top[0].id }, org);
  });

  test('When nested is omitted or true, Then every collection is listed, nested ones too', async () => {
    for (const query of ['', '?nested=true']) {
      const res = await call('GET', `/v1/orgs/${org}/collections${query}`, owner.as);
      expect(res.status).toBe(200);
      expect(res.body.count).toBe(4);
      expect(res.body.items.map((c: { id: string }) => c.id)).toEqual([...top.map((c) => c.id), nested.id]);
      for (const item of res.body.items) expectOfficialSchema('Collection', item);
    }
  });

  test('When nested=false, Then only top-level collections are listed, in their order', async () => {
    const res = await call('GET', `/v1/orgs/${org}/collections?nested=false`, owner.as);
    expect(res.body.count).toBe(3);
    expect(res.body.items.map((c: { id: string }) => c.id)).toEqual(top.map((c) => c.id));
  });

  test('When lists are paged with limit=1, Then each collection is listed exactly once in both modes', async () => {
    for (const nestedFlag of ['true', 'false']) {
      const seen: string[] = [];
      let page: string | undefined;
      do {
        const res = await call('GET', `/v1/orgs/${org}/collections?nested=${nestedFlag}&limit=1${page ? `&page=${page}` : ''}`, owner.as);
        expect(res.status).toBe(200);
        seen.push(...res.body.items.map((c: { id: string }) => c.id));
        page = res.body.next?.page;
      } while (page);
      expect(seen.length).toBe(nestedFlag === 'true' ? 4 : 3);
      expect(new Set(seen).size).toBe(seen.length);
    }
  });
});

describe('moving collections', () => {
  test('When a collection is moved into another, Then its parent changes; to null, Then it is top-level again', async () => {
    const a = await createCollection({ title: 'Move A' });
    const b = await createCollection({ title: 'Move B' });
    const moved = await call('POST', `/v1/collections/${a.id}/move`, creator.as, { parent: b.id });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ id: a.id, parent: b.id });
    expectOfficialSchema('Collection', moved.body);
    expect((await call('GET', `/v1/collections/${a.id}`, owner.as)).body.parent).toBe(b.id);
    expect(await topLevelIds()).not.toContain(a.id);

    const back = await call('POST', `/v1/collections/${a.id}/move`, owner.as, { parent: null });
    expect(back.status).toBe(200);
    expect(back.body.parent).toBeUndefined();
    expect((await topLevelIds()).slice(-1)).toEqual([a.id]);
    const events = await fx.contentOutbox(ContentEvents.COLLECTION_UPDATED, a.id);
    expect(events.map((e) => e.event.data.collection.parent)).toEqual([b.id, null]);
  });

  test('When a collection would move into itself or a collection nested in it, Then it is a 400 and nothing moves', async () => {
    const root = await createCollection({ title: 'Root' });
    const child = await createCollection({ title: 'Child', parent: root.id });
    const grandchild = await createCollection({ title: 'Grandchild', parent: child.id });
    for (const target of [root.id, child.id, grandchild.id]) {
      const res = await call('POST', `/v1/collections/${root.id}/move`, owner.as, { parent: target });
      expect({ target, status: res.status }).toEqual({ target, status: 400 });
      expect(res.body.error.message).toMatch(/itself|nested/);
    }
    expect((await call('POST', `/v1/collections/${child.id}/move`, owner.as, { parent: grandchild.id })).status).toBe(400);
    expect((await call('GET', `/v1/collections/${root.id}`, owner.as)).body.parent).toBeUndefined();
    // A legal move inside the same subtree: the grandchild goes up under root.
    const up = await call('POST', `/v1/collections/${grandchild.id}/move`, owner.as, { parent: root.id });
    expect(up.status).toBe(200);
    expect(up.body.parent).toBe(root.id);
  });

  test('When the new parent is unknown or in another organization, Then it is a 400', async () => {
    const c = await createCollection({ title: 'Stay' });
    const foreign = await createCollection({ title: 'Foreign' }, otherOrgId);
    for (const parent of ['doesnotexist', foreign.id]) {
      const res = await call('POST', `/v1/collections/${c.id}/move`, owner.as, { parent });
      expect(res.status).toBe(400);
    }
  });

  test('When collections are moved before and after siblings, Then the top-level order follows', async () => {
    const org = fx.newOrg(owner).id;
    const [a, b, c] = [await createCollection({ title: 'a' }, org), await createCollection({ title: 'b' }, org), await createCollection({ title: 'c' }, org)];
    expect(await topLevelIds(org)).toEqual([a.id, b.id, c.id]);
    const first = await call('POST', `/v1/collections/${c.id}/move`, owner.as, { position: { before: { type: 'collection', collection: a.id } } });
    expect(first.status).toBe(200);
    expect(await topLevelIds(org)).toEqual([c.id, a.id, b.id]);
    expect((await call('POST', `/v1/collections/${c.id}/move`, owner.as, { position: { after: { type: 'collection', collection: a.id } } })).status).toBe(200);
    expect(await topLevelIds(org)).toEqual([a.id, c.id, b.id]);
    // Both sides naming adjacent siblings, after first.
    expect((await call('POST', `/v1/collections/${a.id}/move`, owner.as, { position: { after: { type: 'collection', collection: c.id }, before: { type: 'collection', collection: b.id } } })).status).toBe(200);
    expect(await topLevelIds(org)).toEqual([c.id, a.id, b.id]);
    // A top-level space is a sibling too: a collection can be placed relative to it.
    const space = await createSpace({ title: 'Top space' }, org);
    expect((await call('POST', `/v1/collections/${b.id}/move`, owner.as, { position: { after: { type: 'space', space: space.id } } })).status).toBe(200);
    expect(await topLevelIds(org)).toEqual([c.id, a.id, b.id]);
    expect((await call('POST', `/v1/collections/${c.id}/move`, owner.as, { position: { after: { type: 'space', space: space.id } } })).status).toBe(200);
    expect(await topLevelIds(org)).toEqual([a.id, c.id, b.id]);
  });

  test('When the move would change nothing, Then it is a 409', async () => {
    const org = fx.newOrg(owner).id;
    const a = await createCollection({ title: 'a' }, org);
    const b = await createCollection({ title: 'b' }, org);
    const noop = await call('POST', `/v1/collections/${b.id}/move`, owner.as, { parent: null });
    expect(noop.status).toBe(409);
    expect((await call('POST', `/v1/collections/${a.id}/move`, owner.as, { position: { before: { type: 'collection', collection: b.id } } })).status).toBe(409);
  });

  test.each([
    ['an empty body', {}],
    ['a wrong parent type', { parent: 42 }],
    ['an unknown pointer type', { position: { before: { type: 'page', page: 'x' } } }],
    ['a pointer without its id', { position: { after: { type: 'collection' } } }],
    ['a position of the wrong type', { position: 'first' }],
    ['an unknown field', { parent: null, index: 3 }],
  ])('When the move body has %s, Then it is a 400', async (_label, body) => {
    const c = await createCollection({ title: 'Bad move' });
    const res = await call('POST', `/v1/collections/${c.id}/move`, owner.as, body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe(400);
  });

  test('When the position names an item that is not a sibling in the target, or non-adjacent siblings, Then it is a 400', async () => {
    const org = fx.newOrg(owner).id;
    const [a, b, c] = [await createCollection({ title: 'a' }, org), await createCollection({ title: 'b' }, org), await createCollection({ title: 'c' }, org)];
    const inner = await createCollection({ title: 'inner', parent: a.id }, org);
    for (const position of [
      { before: { type: 'collection', collection: inner.id } },
      { after: { type: 'space', space: 'doesnotexist' } },
      { before: { type: 'collection', collection: a.id }, after: { type: 'collection', collection: c.id } },
      { before: { type: 'collection', collection: b.id } },
    ]) {
      const res = await call('POST', `/v1/collections/${b.id}/move`, owner.as, { position });
      expect({ position, status: res.status }).toEqual({ position, status: 400 });
      expect(res.body.error.message).toMatch(/position/);
    }
  });
});

describe('concurrent changes to the tree', () => {
  test('When two collections are moved into each other at the same time, Then at most one move succeeds and no cycle is stored', async () => {
    for (let round = 0; round < 5; round++) {
      const a = await createCollection({ title: `race a${round}` });
      const b = await createCollection({ title: `race b${round}` });
      const [ab, ba] = await Promise.all([
        call('POST', `/v1/collections/${a.id}/move`, owner.as, { parent: b.id }),
        call('POST', `/v1/collections/${b.id}/move`, owner.as, { parent: a.id }),
      ]);
      expect([ab.status, ba.status].sort()).toEqual([200, 400]);
      const [ra, rb] = [(await call('GET', `/v1/collections/${a.id}`, owner.as)).body, (await call('GET', `/v1/collections/${b.id}`, owner.as)).body];
      expect(ra.parent === b.id && rb.parent === a.id).toBe(false);
    }
  });

  test('When a collection is deleted while spaces are created in it, Then either the delete is refused or the creation is, never an orphan', async () => {
    for (let round = 0; round < 5; round++) {
      const c = await createCollection({ title: `race ${round}` });
      const [created, deleted] = await Promise.all([
        call('POST', `/v1/orgs/${orgId}/spaces`, owner.as, { title: 'racing', parent: c.id }),
        call('DELETE', `/v1/collections/${c.id}`, owner.as),
      ]);
      if (created.status === 201) {
        expect(deleted.status).toBe(409);
        expect(await spaceIdsIn(c.id)).toEqual([created.body.id]);
      } else {
        expect({ created: created.status, deleted: deleted.status }).toEqual({ created: 400, deleted: 205 });
      }
    }
  });
});

describe('deleting collections', () => {
  test('When an empty collection is deleted, Then it is 205, then 204, and it is gone', async () => {
    const c = await createCollection({ title: 'Doomed' });
    expect((await call('DELETE', `/v1/collections/${c.id}`, owner.as)).status).toBe(205);
    expect((await call('DELETE', `/v1/collections/${c.id}`, owner.as)).status).toBe(204);
    expect((await call('DELETE', `/v1/collections/doesnotexist`, owner.as)).status).toBe(204);
    expect((await call('GET', `/v1/collections/${c.id}`, owner.as)).status).toBe(404);
    const events = await fx.contentOutbox(ContentEvents.COLLECTION_DELETED, c.id);
    expect(events.length).toBe(1);
  });

  test('When a collection still holds a collection or a live space, Then deleting it is a 409 and nothing is deleted', async () => {
    const withChild = await createCollection({ title: 'Has child' });
    const child = await createCollection({ title: 'child', parent: withChild.id });
    const res = await call('DELETE', `/v1/collections/${withChild.id}`, owner.as);
    expect(res.status).toBe(409);
    expect(res.body.error.message).toMatch(/not empty/);
    expect((await call('GET', `/v1/collections/${child.id}`, owner.as)).status).toBe(200);

    const withSpace = await createCollection({ title: 'Has space' });
    const space = await createSpace({ title: 'inside', parent: withSpace.id });
    expect((await call('DELETE', `/v1/collections/${withSpace.id}`, owner.as)).status).toBe(409);
    expect((await call('GET', `/v1/spaces/${space.id}`, owner.as)).body.parent).toBe(withSpace.id);
  });

  test('When a collection holds only deleted spaces, Then it can be deleted and a restore brings the space back at its parent', async () => {
    const outer = await createCollection({ title: 'Outer' });
    const inner = await createCollection({ title: 'Inner', parent: outer.id });
    const space = await createSpace({ title: 'deleted soon', parent: inner.id });
    const top = await createSpace({ title: 'deleted top', parent: outer.id });
    expect((await call('DELETE', `/v1/spaces/${space.id}`, owner.as)).status).toBe(205);
    expect((await call('DELETE', `/v1/collections/${inner.id}`, owner.as)).status).toBe(205);
    const restored = await call('POST', `/v1/spaces/${space.id}/restore`, owner.as);
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ parent: outer.id, visibility: 'in-collection' });
    expect(await spaceIdsIn(outer.id)).toEqual([top.id, space.id]);

    // At the top level, an in-collection space falls back to private.
    for (const s of [space, top]) expect((await call('DELETE', `/v1/spaces/${s.id}`, owner.as)).status).toBe(205);
    expect((await call('DELETE', `/v1/collections/${outer.id}`, owner.as)).status).toBe(205);
    const back = await call('POST', `/v1/spaces/${top.id}/restore`, owner.as);
    expect(back.body.parent).toBeUndefined();
    expect(back.body.visibility).toBe('private');
    expectOfficialSchema('Space', back.body);
  });
});

describe('spaces of a collection', () => {
  test('When spaces are created in a collection, Then it lists its live ones only, in order, paged', async () => {
    const c = await createCollection({ title: 'Shelf' });
    const spaces = [];
    for (let i = 0; i < 5; i++) spaces.push(await createSpace({ title: `S${i}`, parent: c.id }));
    await createSpace({ title: 'elsewhere' });
    expect((await call('DELETE', `/v1/spaces/${spaces[2].id}`, owner.as)).status).toBe(205);
    const live = spaces.filter((_, i) => i !== 2).map((s) => s.id);

    const res = await call('GET', `/v1/collections/${c.id}/spaces`, reader.as);
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(4);
    expect(res.body.items.map((s: { id: string }) => s.id)).toEqual(live);
    for (const s of res.body.items) {
      expectOfficialSchema('Space', s);
      expect(s).toMatchObject({ parent: c.id, organization: orgId, visibility: 'in-collection' });
      expect(s.permissions.edit).toBe(false);
    }

    const seen: string[] = [];
    let page: string | undefined;
    do {
      const p = await call('GET', `/v1/collections/${c.id}/spaces?limit=2${page ? `&page=${page}` : ''}`, owner.as);
      expect(p.status).toBe(200);
      expect(p.body.items.length).toBeLessThanOrEqual(2);
      seen.push(...p.body.items.map((s: { id: string }) => s.id));
      page = p.body.next?.page;
    } while (page);
    expect(seen).toEqual(live);
  });
});

describe('transferring collections', () => {
  test('When an admin of both organizations transfers a collection, Then it moves with its nested collections and spaces, detached from its parent', async () => {
    const parent = await createCollection({ title: 'Source parent' });
    const c = await createCollection({ title: 'Travelling', parent: parent.id });
    const nested = await createCollection({ title: 'Nested', parent: c.id });
    const s1 = await createSpace({ title: 'In travelling', parent: c.id });
    const s2 = await createSpace({ title: 'In nested', parent: nested.id });
    const gone = await createSpace({ title: 'Deleted one', parent: nested.id });
    expect((await call('DELETE', `/v1/spaces/${gone.id}`, owner.as)).status).toBe(205);

    const res = await call('POST', `/v1/collections/${c.id}/transfer`, owner.as, { organization: otherOrgId });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: c.id, organization: otherOrgId });
    expect(res.body.parent).toBeUndefined();
    expectOfficialSchema('Collection', res.body);

    expect((await call('GET', `/v1/collections/${nested.id}`, owner.as)).body).toMatchObject({ organization: otherOrgId, parent: c.id });
    for (const s of [s1, s2]) expect((await call('GET', `/v1/spaces/${s.id}`, owner.as)).body).toMatchObject({ organization: otherOrgId });
    const restored = await call('POST', `/v1/spaces/${gone.id}/restore`, owner.as);
    expect(restored.body).toMatchObject({ organization: otherOrgId, parent: nested.id });
    expect(await topLevelIds(otherOrgId)).toContain(c.id);
    const sourceList = await call('GET', `/v1/orgs/${orgId}/collections?limit=1000`, owner.as);
    expect(sourceList.body.items.map((x: { id: string }) => x.id)).not.toContain(c.id);
    expect((await call('GET', `/v1/orgs/${orgId}/spaces?limit=1000`, owner.as)).body.items.map((x: { id: string }) => x.id)).not.toContain(s1.id);

    const spaceEvents = await fx.contentOutbox(ContentEvents.SPACE_UPDATED, s2.id);
    expect(spaceEvents.slice(-1)[0].event.data.space).toMatchObject({ organization: otherOrgId, parent: nested.id });
    const collectionEvents = await fx.contentOutbox(ContentEvents.COLLECTION_UPDATED, nested.id);
    expect(collectionEvents.slice(-1)[0].event.data.collection).toMatchObject({ organization: otherOrgId });
  });

  test('When the caller lacks rights on either side, Then the transfer is refused and nothing moves', async () => {
    const c = await createCollection({ title: 'Guarded' });
    // Not an admin of the source (a creator).
    expect((await call('POST', `/v1/collections/${c.id}/transfer`, creator.as, { organization: otherOrgId })).status).toBe(403);
    // Admin of the source, only a reader of the target.
    const target = fx.newOrg(reader);
    const readOnlyTarget = fx.newOrg(stranger).id;
    fx.addMember(readOnlyTarget, owner, 'read');
    expect((await call('POST', `/v1/collections/${c.id}/transfer`, owner.as, { organization: readOnlyTarget })).status).toBe(403);
    // Admin of the source, not a member of the target.
    expect((await call('POST', `/v1/collections/${c.id}/transfer`, owner.as, { organization: target.id })).status).toBe(404);
    // Admin of the source and creator in the target: allowed.
    const creatorTarget = fx.newOrg(stranger).id;
    fx.addMember(creatorTarget, owner, 'create');
    expect((await call('GET', `/v1/collections/${c.id}`, owner.as)).body.organization).toBe(orgId);
    const ok = await call('POST', `/v1/collections/${c.id}/transfer`, owner.as, { organization: creatorTarget });
    expect(ok.status).toBe(200);
    expect(ok.body.organization).toBe(creatorTarget);
    expect(ok.body.permissions).toMatchObject({ view: true, admin: false, create: true });
  });

  test('When the collection is transferred to its own organization, or the body is bad, Then it is a 409 or 400', async () => {
    const c = await createCollection({ title: 'Home' });
    expect((await call('POST', `/v1/collections/${c.id}/transfer`, owner.as, { organization: orgId })).status).toBe(409);
    for (const body of [{}, { organization: 5 }, { organization: otherOrgId, parent: null }]) {
      expect((await call('POST', `/v1/collections/${c.id}/transfer`, owner.as, body)).status).toBe(400);
    }
    expect((await call('POST', `/v1/collections/doesnotexist/transfer`, owner.as, { organization: otherOrgId })).status).toBe(404);
  });
});
