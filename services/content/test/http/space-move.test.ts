import { ContentEvents } from '@dp/events';
import { expectOfficialSchema, type ComponentCaller } from '@dp/testing';
import { twoOrganizations, type User } from './organizations-support';

/** Spaces placed in collections, moved and transferred, on content's own app (component level, docs/testing.md); their events read from its outbox. */
const fx = twoOrganizations('smv');
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
const move = (spaceId: string, body: object, as: ComponentCaller = owner.as) => call('POST', `/v1/spaces/${spaceId}/move`, as, body);
const transfer = (spaceId: string, body: object, as: ComponentCaller = owner.as) => call('POST', `/v1/spaces/${spaceId}/transfer`, as, body);
const spaceBefore = (id: string) => ({ before: { type: 'space', space: id } });
const spaceAfter = (id: string) => ({ after: { type: 'space', space: id } });
const lastSnapshot = async (spaceId: string) => (await fx.contentOutbox(ContentEvents.SPACE_UPDATED, spaceId)).at(-1)?.event.data.space;

describe('spaces in collections', () => {
  test('When a space is created in a collection, Then it is 201 with that parent and in-collection visibility, and listed by the collection', async () => {
    const c = await createCollection({ title: 'Home' });
    const res = await call('POST', `/v1/orgs/${orgId}/spaces`, creator.as, { title: 'Inside', parent: c.id });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ parent: c.id, organization: orgId, visibility: 'in-collection' });
    expectOfficialSchema('Space', res.body);
    expect(await spaceIdsIn(c.id)).toEqual([res.body.id]);
  });

  test('When a space is created in a collection of another organization, Then it is a 400 and nothing is written', async () => {
    const foreign = await createCollection({ title: 'Foreign' }, otherOrgId);
    const res = await call('POST', `/v1/orgs/${orgId}/spaces`, owner.as, { title: 'x', parent: foreign.id });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/body\.parent/);
    expect(await spaceIdsIn(foreign.id)).toEqual([]);
  });
});

describe('moving spaces', () => {
  test('When a space moves into a collection and back out, Then its parent changes, in-collection falls back to private, and content.space.updated carries it', async () => {
    const a = await createCollection({ title: 'A' });
    const b = await createCollection({ title: 'B' });
    const top = await createSpace({ title: 'Top' });
    expect(top.visibility).toBe('private');

    const into = await move(top.id, { parent: a.id }, creator.as);
    expect(into.status).toBe(200);
    expect(into.body).toMatchObject({ id: top.id, parent: a.id, visibility: 'private' });
    expectOfficialSchema('Space', into.body);
    expect(await lastSnapshot(top.id)).toMatchObject({ id: top.id, parent: a.id, organization: orgId, counts: { changeRequests: 0, changeRequestsOpen: 0, changeRequestsDraft: 0 } });

    const inside = await createSpace({ title: 'Born inside', parent: a.id });
    const across = await move(inside.id, { parent: b.id });
    expect(across.body).toMatchObject({ parent: b.id, visibility: 'in-collection' });
    const out = await move(inside.id, { parent: null });
    expect(out.status).toBe(200);
    expect(out.body.parent).toBeUndefined();
    expect(out.body.visibility).toBe('private');
    expectOfficialSchema('Space', out.body);
    expect(await lastSnapshot(inside.id)).toMatchObject({ parent: null, visibility: 'private' });
    expect((await call('GET', `/v1/spaces/${inside.id}`, owner.as)).body).toEqual(out.body);
    expect(await spaceIdsIn(a.id)).toEqual([top.id]);
    expect(await spaceIdsIn(b.id)).toEqual([]);
  });

  test('When spaces are moved before and after siblings, Then the collection lists them in that order', async () => {
    const c = await createCollection({ title: 'Ordered' });
    const [s1, s2, s3] = [await createSpace({ title: '1', parent: c.id }), await createSpace({ title: '2', parent: c.id }), await createSpace({ title: '3', parent: c.id })];
    expect(await spaceIdsIn(c.id)).toEqual([s1.id, s2.id, s3.id]);
    expect((await move(s3.id, { position: spaceBefore(s1.id) })).status).toBe(200);
    expect(await spaceIdsIn(c.id)).toEqual([s3.id, s1.id, s2.id]);
    expect((await move(s3.id, { position: spaceAfter(s1.id) })).status).toBe(200);
    expect(await spaceIdsIn(c.id)).toEqual([s1.id, s3.id, s2.id]);
    expect((await move(s1.id, { position: { ...spaceAfter(s3.id), ...spaceBefore(s2.id) } })).status).toBe(200);
    expect(await spaceIdsIn(c.id)).toEqual([s3.id, s1.id, s2.id]);

    // Into another collection at a given place, in one request.
    const other = await createCollection({ title: 'Other' });
    const o1 = await createSpace({ title: 'o1', parent: other.id });
    const moved = await move(s2.id, { parent: other.id, position: spaceBefore(o1.id) });
    expect(moved.status).toBe(200);
    expect(await spaceIdsIn(other.id)).toEqual([s2.id, o1.id]);
    expect(await spaceIdsIn(c.id)).toEqual([s3.id, s1.id]);

    // Collections are siblings of spaces: a space can be placed relative to a nested collection.
    const nested = await createCollection({ title: 'Nested', parent: c.id });
    expect((await move(s1.id, { position: { before: { type: 'collection', collection: nested.id } } })).status).toBe(409);
    expect((await move(s3.id, { position: { after: { type: 'collection', collection: nested.id } } })).status).toBe(200);
    expect(await spaceIdsIn(c.id)).toEqual([s1.id, s3.id]);
  });

  test('When many spaces are inserted at the same place, Then the order always holds', async () => {
    const c = await createCollection({ title: 'Crowded' });
    const first = await createSpace({ title: 'first', parent: c.id });
    const last = await createSpace({ title: 'last', parent: c.id });
    const expected = [first.id];
    for (let i = 0; i < 12; i++) {
      const s = await createSpace({ title: `n${i}`, parent: c.id });
      expect((await move(s.id, { position: spaceBefore(last.id) })).status).toBe(200);
      expected.push(s.id);
    }
    expected.push(last.id);
    expect(await spaceIdsIn(c.id)).toEqual(expected);
  });

  test('When the move changes nothing, Then it is a 409', async () => {
    const c = await createCollection({ title: 'Still' });
    const s1 = await createSpace({ title: '1', parent: c.id });
    const s2 = await createSpace({ title: '2', parent: c.id });
    expect((await move(s2.id, { parent: c.id })).status).toBe(409);
    expect((await move(s1.id, { position: spaceBefore(s2.id) })).status).toBe(409);
    expect((await move(s2.id, { position: spaceAfter(s1.id) })).status).toBe(409);
  });

  test.each([
    ['an empty body', {}],
    ['a wrong parent type', { parent: 42 }],
    ['an unknown pointer type', { position: { before: { type: 'page', page: 'x' } } }],
    ['a space pointer without its id', { position: { before: { type: 'space' } } }],
    ['an unknown field', { parent: null, collection: 'x' }],
  ])('When the move body has %s, Then it is a 400 and the space stays', async (_label, body) => {
    const c = await createCollection();
    const s = await createSpace({ title: 'Stays', parent: c.id });
    const res = await move(s.id, body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: { code: 400, message: expect.any(String) } });
    expect((await call('GET', `/v1/spaces/${s.id}`, owner.as)).body.parent).toBe(c.id);
  });

  test('When the parent is unknown or of another organization, or the position names no sibling, Then it is a 400', async () => {
    const c = await createCollection();
    const s1 = await createSpace({ title: '1', parent: c.id });
    const s2 = await createSpace({ title: '2', parent: c.id });
    const s3 = await createSpace({ title: '3', parent: c.id });
    const elsewhere = await createSpace({ title: 'top' });
    const foreign = await createCollection({ title: 'Foreign' }, otherOrgId);
    for (const body of [
      { parent: 'doesnotexist' },
      { parent: foreign.id },
      { position: spaceBefore(elsewhere.id) },
      { position: spaceAfter('doesnotexist') },
      { position: spaceBefore(s1.id) /* itself */ },
      { position: { ...spaceAfter(s3.id), ...spaceBefore(s2.id) } },
    ]) {
      const res = await move(s1.id, body);
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
    }
  });

  test('When a read member or a stranger moves a space, Then it is 403 or 404; a deleted space is a 404', async () => {
    const c = await createCollection();
    const s = await createSpace({ title: 'Guarded' });
    expect((await move(s.id, { parent: c.id }, reader.as)).status).toBe(403);
    expect((await move(s.id, { parent: c.id }, stranger.as)).status).toBe(404);
    expect((await move('doesnotexist', { parent: c.id })).status).toBe(404);
    expect((await call('DELETE', `/v1/spaces/${s.id}`, owner.as)).status).toBe(205);
    expect((await move(s.id, { parent: c.id })).status).toBe(404);
  });
});

describe('transferring spaces', () => {
  test('When an admin of both organizations transfers a space to another organization, Then it lands at its top level', async () => {
    const c = await createCollection({ title: 'Leaving' });
    const s = await createSpace({ title: 'Emigrant', parent: c.id });
    const res = await transfer(s.id, { organization: otherOrgId });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: s.id, organization: otherOrgId, visibility: 'private' });
    expect(res.body.parent).toBeUndefined();
    expectOfficialSchema('Space', res.body);
    expect(await lastSnapshot(s.id)).toMatchObject({ organization: otherOrgId, parent: null });
    const listed = await call('GET', `/v1/orgs/${otherOrgId}/spaces?limit=1000`, owner.as);
    expect(listed.body.items.map((x: { id: string }) => x.id)).toContain(s.id);
    expect(await spaceIdsIn(c.id)).toEqual([]);
  });

  test('When a space is transferred into a collection, with or without naming the organization, Then it lands last in it', async () => {
    const target = await createCollection({ title: 'Target' }, otherOrgId);
    const already = await createSpace({ title: 'already there', parent: target.id }, otherOrgId);
    const s1 = await createSpace({ title: 'by collection' });
    const s2 = await createSpace({ title: 'by both' });
    const r1 = await transfer(s1.id, { collection: target.id });
    expect(r1.status).toBe(200);
    expect(r1.body).toMatchObject({ organization: otherOrgId, parent: target.id });
    expectOfficialSchema('Space', r1.body);
    const r2 = await transfer(s2.id, { organization: otherOrgId, collection: target.id });
    expect(r2.status).toBe(200);
    expect(await spaceIdsIn(target.id)).toEqual([already.id, s1.id, s2.id]);

    // Within the organization: into a collection, then back to the top level.
    const home = await createCollection({ title: 'Home' }, otherOrgId);
    const r3 = await transfer(s1.id, { collection: home.id });
    expect(r3.body).toMatchObject({ organization: otherOrgId, parent: home.id });
    const r4 = await transfer(s1.id, { organization: otherOrgId });
    expect(r4.status).toBe(200);
    expect(r4.body.parent).toBeUndefined();
  });

  test('When the transfer changes nothing or names things that do not fit, Then it is a 409 or a 400', async () => {
    const c = await createCollection({ title: 'Here' });
    const s = await createSpace({ title: 'Stays', parent: c.id });
    const foreign = await createCollection({ title: 'There' }, otherOrgId);
    expect((await transfer(s.id, { collection: c.id })).status).toBe(409);
    expect((await transfer(s.id, { organization: orgId, collection: c.id })).status).toBe(409);
    for (const body of [
      {},
      { organization: 5 },
      { organization: orgId, parent: c.id },
      { collection: 'doesnotexist' },
      { organization: orgId, collection: foreign.id },
    ]) {
      const res = await transfer(s.id, body);
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
    }
    expect((await call('GET', `/v1/spaces/${s.id}`, owner.as)).body).toMatchObject({ organization: orgId, parent: c.id });
  });

  test('When the caller lacks rights on either side, Then the transfer is refused', async () => {
    const s = await createSpace({ title: 'Guarded' });
    // A creator of the source is not enough: transferring takes the space away, as deleting does.
    expect((await transfer(s.id, { organization: otherOrgId }, creator.as)).status).toBe(403);
    expect((await transfer(s.id, { organization: otherOrgId }, reader.as)).status).toBe(403);
    expect((await transfer(s.id, { organization: otherOrgId }, stranger.as)).status).toBe(404);
    // Admin of the source, reader of the target.
    const readTarget = fx.newOrg(stranger).id;
    fx.addMember(readTarget, owner, 'read');
    expect((await transfer(s.id, { organization: readTarget })).status).toBe(403);
    // Admin of the source, not a member of the target: the target organization, and its collections, are unknown.
    const unknownTarget = fx.newOrg(stranger);
    const hidden = (await call('POST', `/v1/orgs/${unknownTarget.id}/collections`, stranger.as, { title: 'Hidden' })).body;
    expect((await transfer(s.id, { organization: unknownTarget.id })).status).toBe(404);
    expect((await transfer(s.id, { collection: hidden.id })).status).toBe(400);
    expect((await call('GET', `/v1/spaces/${s.id}`, owner.as)).body.organization).toBe(orgId);
    // Admin of the source and creator in the target: allowed; the answer speaks for the target role.
    const createTarget = fx.newOrg(stranger).id;
    fx.addMember(createTarget, owner, 'create');
    const ok = await transfer(s.id, { organization: createTarget });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ organization: createTarget });
    expect(ok.body.permissions).toMatchObject({ view: true, admin: false, edit: true });
  });

  test('When a deleted or unknown space is transferred, Then it is a 404', async () => {
    const s = await createSpace({ title: 'Gone' });
    expect((await call('DELETE', `/v1/spaces/${s.id}`, owner.as)).status).toBe(205);
    expect((await transfer(s.id, { organization: otherOrgId })).status).toBe(404);
    expect((await transfer('doesnotexist', { organization: otherOrgId })).status).toBe(404);
  });
});
