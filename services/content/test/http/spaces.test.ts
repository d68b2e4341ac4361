import { newId } from '@dp/db';
import { ContentEvents } from '@dp/events';
import { componentOf, expectOfficialSchema } from '@dp/testing';
import { contentService } from '../../src';
import { contentFixtures, type TestUser } from './fixtures';

/** Spaces on content's own app (component level, docs/testing.md): create, read, patch, lock, delete and restore, list. */
const api = componentOf('spc', contentService);
const fixtures = contentFixtures(api);
const orgId = fixtures.orgId;
let owner: TestUser;

beforeAll(() => {
  owner = fixtures.owner;
});

const createSpace = (as: TestUser['as'], body: object = { title: 'Docs' }, org = orgId) => api.call('POST', `/v1/orgs/${org}/spaces`, { as, body });

describe('spaces', () => {
  test('When a creator creates a space, Then it is 201 with Location and validates against the official Space schema', async () => {
    const res = await createSpace(owner.as, { title: 'Handbook', emoji: '📘', editMode: 'live' });
    expect(res.status).toBe(201);
    expect(res.headers.get('location')).toBe(res.body.urls.location);
    expect(res.body).toMatchObject({ object: 'space', title: 'Handbook', emoji: '📘', organization: orgId, editMode: 'live', visibility: 'private' });
    expectOfficialSchema('Space', res.body);
    const again = await api.call('GET', `/v1/spaces/${res.body.id}`, { as: owner.as });
    expect(again.body).toEqual(res.body);
  });

  test.each([
    ['malformed JSON', { rawBody: '{"title":' }],
    ['a wrong type', { body: { title: 42 } }],
    ['an unknown enum value', { body: { editMode: 'frozen' } }],
    ['an over-long title', { body: { title: 'x'.repeat(51) } }],
    ['an unknown field', { body: { colour: 'red' } }],
    ['a JSON array body', { body: [1, 2] }],
    ['an unknown collection', { body: { parent: 'nope' } }],
  ])('When the body has %s, Then it is a 400 JSON error and nothing is written', async (_label, opts) => {
    const before = await api.call('GET', `/v1/orgs/${orgId}/spaces`, { as: owner.as });
    const res = await api.call('POST', `/v1/orgs/${orgId}/spaces`, { as: owner.as, ...(opts as object) });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: { code: 400, message: expect.any(String) } });
    const after = await api.call('GET', `/v1/orgs/${orgId}/spaces`, { as: owner.as });
    expect(after.body.count).toBe(before.body.count);
  });

  test('When the body is larger than the limit, Then it is a 413', async () => {
    const res = await api.call('POST', `/v1/orgs/${orgId}/spaces`, { as: owner.as, rawBody: JSON.stringify({ title: 'x', pad: 'y'.repeat(3_000_000) }) });
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe(413);
  });

  test.each([['1001'], ['0'], ['abc']])('When limit=%s, Then listing is a 400', async (limit) => {
    const res = await api.call('GET', `/v1/orgs/${orgId}/spaces?limit=${limit}`, { as: owner.as });
    expect(res.status).toBe(400);
  });

  test('When the page token is forged, Then listing is a 400', async () => {
    const res = await api.call('GET', `/v1/orgs/${orgId}/spaces?page=not-a-token`, { as: owner.as });
    expect(res.status).toBe(400);
  });

  test('When a read member creates a space, Then it is 403; when they read one, Then their permissions say read-only', async () => {
    const reader = await fixtures.newUser('reader', 'read');
    const denied = await createSpace(reader.as);
    expect(denied.status).toBe(403);
    expect(denied.body.error.code).toBe(403);
    const space = (await createSpace(owner.as)).body;
    const seen = await api.call('GET', `/v1/spaces/${space.id}`, { as: reader.as });
    expect(seen.status).toBe(200);
    expect(seen.body.permissions).toMatchObject({ view: true, edit: false, admin: false, comment: false });
    expect((await api.call('PATCH', `/v1/spaces/${space.id}`, { as: reader.as, body: { title: 'mine' } })).status).toBe(403);
    expect((await api.call('DELETE', `/v1/spaces/${space.id}`, { as: reader.as })).status).toBe(403);
  });

  test("When a user asks for another organization's space, Then it is 404", async () => {
    const stranger = await fixtures.newUser('stranger', 'admin', newId());
    const space = (await createSpace(owner.as)).body;
    for (const [method, path] of [
      ['GET', `/v1/spaces/${space.id}`],
      ['PATCH', `/v1/spaces/${space.id}`],
      ['DELETE', `/v1/spaces/${space.id}`],
      ['POST', `/v1/spaces/${space.id}/restore`],
      ['GET', `/v1/orgs/${orgId}/spaces`],
    ]) {
      const res = await api.call(method, path, { as: stranger.as, body: method === 'PATCH' ? { title: 'x' } : undefined });
      expect({ method, path, status: res.status }).toEqual({ method, path, status: 404 });
    }
  });

  test('When a space is patched, Then the fields change; when locked, Then edits are refused until unlocked', async () => {
    const space = (await createSpace(owner.as)).body;
    const patched = await api.call('PATCH', `/v1/spaces/${space.id}`, { as: owner.as, body: { title: 'Renamed', emoji: '1f389', defaultLevel: 'read' } });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ title: 'Renamed', emoji: '1f389', defaultLevel: 'read' });
    expect(Date.parse(patched.body.updatedAt)).toBeGreaterThanOrEqual(Date.parse(space.updatedAt));

    const locked = await api.call('PATCH', `/v1/spaces/${space.id}`, { as: owner.as, body: { editMode: 'locked' } });
    expect(locked.body.editMode).toBe('locked');
    expect(locked.body.permissions.edit).toBe(false);
    const refused = await api.call('PATCH', `/v1/spaces/${space.id}`, { as: owner.as, body: { title: 'Nope' } });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toMatch(/locked/);
    const unlocked = await api.call('PATCH', `/v1/spaces/${space.id}`, { as: owner.as, body: { editMode: 'live', title: 'Yes' } });
    expect(unlocked.body).toMatchObject({ editMode: 'live', title: 'Yes' });
    expect((await api.call('PATCH', `/v1/spaces/${space.id}`, { as: owner.as, body: {} })).status).toBe(400);
  });

  test('When a space is given a language, at creation or later, Then it shows it and announces it; another value is a 400', async () => {
    const created = await createSpace(owner.as, { title: 'Manuel', language: 'fr' });
    expect(created.status).toBe(201);
    expect(created.body.language).toBe('fr');
    expect((await createSpace(owner.as, { title: 'Nope', language: 'klingon' })).status).toBe(400);
    const plain = (await createSpace(owner.as)).body;
    expect(plain.language).toBeUndefined();
    const patched = await api.call('PATCH', `/v1/spaces/${plain.id}`, { as: owner.as, body: { language: 'pt-br' } });
    expect(patched.body.language).toBe('pt-br');
    expect((await api.call('GET', `/v1/spaces/${plain.id}`, { as: owner.as })).body.language).toBe('pt-br');
    const announced = (await api.outbox(ContentEvents.SPACE_UPDATED)).filter((e) => e.subject === plain.id).pop();
    expect(announced?.data).toMatchObject({ space: { id: plain.id, language: 'pt-br' } });
    expect((await api.call('PATCH', `/v1/spaces/${plain.id}`, { as: owner.as, body: { language: 'xx' } })).status).toBe(400);
  });

  test('When a space is deleted, Then it leaves the list, can be restored within the window, and not after', async () => {
    const space = (await createSpace(owner.as, { title: 'Temp' })).body;
    expect((await api.call('DELETE', `/v1/spaces/${space.id}`, { as: owner.as })).status).toBe(205);
    expect((await api.call('DELETE', `/v1/spaces/${space.id}`, { as: owner.as })).status).toBe(204);
    expect((await api.call('DELETE', `/v1/spaces/doesnotexist`, { as: owner.as })).status).toBe(204);

    const list = await api.call('GET', `/v1/orgs/${orgId}/spaces?limit=1000`, { as: owner.as });
    expect(list.body.items.map((s: { id: string }) => s.id)).not.toContain(space.id);
    const deleted = await api.call('GET', `/v1/spaces/${space.id}`, { as: owner.as });
    expect(deleted.body.deletedAt).toEqual(expect.any(String));
    expect((await api.call('PATCH', `/v1/spaces/${space.id}`, { as: owner.as, body: { title: 'x' } })).status).toBe(404);

    const restored = await api.call('POST', `/v1/spaces/${space.id}/restore`, { as: owner.as });
    expect(restored.status).toBe(200);
    expect(restored.body.deletedAt).toBeUndefined();
    expectOfficialSchema('Space', restored.body);
    expect((await api.call('POST', `/v1/spaces/${space.id}/restore`, { as: owner.as })).status).toBe(409);

    // deleted eight days ago: past the 7-day window
    await api.call('DELETE', `/v1/spaces/${space.id}`, { as: owner.as });
    const db = api.db;
    await db('spaces').where({ id: space.id }).update({ deleted_at: db.raw(`now() - interval '8 days'`) });
    expect((await api.call('POST', `/v1/spaces/${space.id}/restore`, { as: owner.as })).status).toBe(404);
  });

  test('When 7 spaces are paged with limit=3 while others are inserted between pages, Then each is listed exactly once', async () => {
    const org = newId();
    const u = await fixtures.newUser('pager', 'admin', org);
    const created: string[] = [];
    for (let i = 0; i < 7; i++) created.push((await createSpace(u.as, { title: `S${i}` }, org)).body.id);
    const seen: string[] = [];
    let page: string | undefined;
    let inserted = 0;
    do {
      const res = await api.call('GET', `/v1/orgs/${org}/spaces?limit=3${page ? `&page=${encodeURIComponent(page)}` : ''}`, { as: u.as });
      expect(res.status).toBe(200);
      expect(res.body.items.length).toBeLessThanOrEqual(3);
      seen.push(...res.body.items.map((s: { id: string }) => s.id));
      page = res.body.next?.page;
      if (inserted < 2) {
        created.push((await createSpace(u.as, { title: `late${inserted}` }, org)).body.id);
        inserted++;
      }
    } while (page);
    expect(seen).toEqual(created);
    expect(new Set(seen).size).toBe(seen.length);
  });
});
