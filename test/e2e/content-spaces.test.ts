import { expectOfficialSchema } from '@dp/testing';
import { bootStack, type TestStack } from '../support/stack';

let stack: TestStack;
let owner: { id: string; token: string; email: string };
let orgId: string;

beforeAll(async () => {
  stack = await bootStack('spc');
  owner = await stack.newUser('owner');
  orgId = (await stack.newOrg(owner.token)).id;
});
afterAll(() => stack?.stop());

const createSpace = (token: string, body: object = { title: 'Docs' }, org = orgId) => stack.call('POST', `/v1/orgs/${org}/spaces`, { token, body });

describe('spaces through the gateway', () => {
  test('When a creator creates a space, Then it is 201 with Location and validates against the official Space schema', async () => {
    const res = await createSpace(owner.token, { title: 'Handbook', emoji: '📘', editMode: 'live' });
    expect(res.status).toBe(201);
    expect(res.headers.get('location')).toBe(res.body.urls.location);
    expect(res.body).toMatchObject({ object: 'space', title: 'Handbook', emoji: '📘', organization: orgId, editMode: 'live', visibility: 'private' });
    expectOfficialSchema('Space', res.body);
    const again = await stack.call('GET', `/v1/spaces/${res.body.id}`, { token: owner.token });
    expect(again.body).toEqual(res.body);
  });

  test('When the organization was created one request earlier, Then a space can be created in it (read-your-writes)', async () => {
    const u = await stack.newUser('ryw');
    const org = await stack.newOrg(u.token);
    expect((await createSpace(u.token, { title: 'x' }, org.id)).status).toBe(201);
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
    const before = await stack.call('GET', `/v1/orgs/${orgId}/spaces`, { token: owner.token });
    const res = await stack.call('POST', `/v1/orgs/${orgId}/spaces`, { token: owner.token, ...(opts as object) });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: { code: 400, message: expect.any(String) } });
    const after = await stack.call('GET', `/v1/orgs/${orgId}/spaces`, { token: owner.token });
    expect(after.body.count).toBe(before.body.count);
  });

  test('When the body is larger than the limit, Then it is a 413', async () => {
    const res = await stack.call('POST', `/v1/orgs/${orgId}/spaces`, { token: owner.token, rawBody: JSON.stringify({ title: 'x', pad: 'y'.repeat(3_000_000) }) });
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe(413);
  });

  test.each([['1001'], ['0'], ['abc']])('When limit=%s, Then listing is a 400', async (limit) => {
    const res = await stack.call('GET', `/v1/orgs/${orgId}/spaces?limit=${limit}`, { token: owner.token });
    expect(res.status).toBe(400);
  });

  test('When the page token is forged, Then listing is a 400', async () => {
    const res = await stack.call('GET', `/v1/orgs/${orgId}/spaces?page=not-a-token`, { token: owner.token });
    expect(res.status).toBe(400);
  });

  test('When a read member creates a space, Then it is 403; when they read one, Then their permissions say read-only', async () => {
    const reader = await stack.newUser('reader');
    await stack.addMember(owner.token, orgId, reader.email, 'read');
    const denied = await createSpace(reader.token);
    expect(denied.status).toBe(403);
    expect(denied.body.error.code).toBe(403);
    const space = (await createSpace(owner.token)).body;
    const seen = await stack.call('GET', `/v1/spaces/${space.id}`, { token: reader.token });
    expect(seen.status).toBe(200);
    expect(seen.body.permissions).toMatchObject({ view: true, edit: false, admin: false, comment: false });
    expect((await stack.call('PATCH', `/v1/spaces/${space.id}`, { token: reader.token, body: { title: 'mine' } })).status).toBe(403);
    expect((await stack.call('DELETE', `/v1/spaces/${space.id}`, { token: reader.token })).status).toBe(403);
  });

  test("When a user asks for another organization's space, Then it is 404", async () => {
    const stranger = await stack.newUser('stranger');
    await stack.newOrg(stranger.token);
    const space = (await createSpace(owner.token)).body;
    for (const [method, path] of [
      ['GET', `/v1/spaces/${space.id}`],
      ['PATCH', `/v1/spaces/${space.id}`],
      ['DELETE', `/v1/spaces/${space.id}`],
      ['POST', `/v1/spaces/${space.id}/restore`],
      ['GET', `/v1/orgs/${orgId}/spaces`],
    ]) {
      const res = await stack.call(method, path, { token: stranger.token, body: method === 'PATCH' ? { title: 'x' } : undefined });
      expect({ method, path, status: res.status }).toEqual({ method, path, status: 404 });
    }
  });

  test('When a space is patched, Then the fields change; when locked, Then edits are refused until unlocked', async () => {
    const space = (await createSpace(owner.token)).body;
    const patched = await stack.call('PATCH', `/v1/spaces/${space.id}`, { token: owner.token, body: { title: 'Renamed', emoji: '1f389', defaultLevel: 'read' } });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ title: 'Renamed', emoji: '1f389', defaultLevel: 'read' });
    expect(Date.parse(patched.body.updatedAt)).toBeGreaterThanOrEqual(Date.parse(space.updatedAt));

    const locked = await stack.call('PATCH', `/v1/spaces/${space.id}`, { token: owner.token, body: { editMode: 'locked' } });
    expect(locked.body.editMode).toBe('locked');
    expect(locked.body.permissions.edit).toBe(false);
    const refused = await stack.call('PATCH', `/v1/spaces/${space.id}`, { token: owner.token, body: { title: 'Nope' } });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toMatch(/locked/);
    const unlocked = await stack.call('PATCH', `/v1/spaces/${space.id}`, { token: owner.token, body: { editMode: 'live', title: 'Yes' } });
    expect(unlocked.body).toMatchObject({ editMode: 'live', title: 'Yes' });
    expect((await stack.call('PATCH', `/v1/spaces/${space.id}`, { token: owner.token, body: {} })).status).toBe(400);
  });

  test('When a space is deleted, Then it leaves the list, can be restored within the window, and not after', async () => {
    const space = (await createSpace(owner.token, { title: 'Temp' })).body;
    expect((await stack.call('DELETE', `/v1/spaces/${space.id}`, { token: owner.token })).status).toBe(205);
    expect((await stack.call('DELETE', `/v1/spaces/${space.id}`, { token: owner.token })).status).toBe(204);
    expect((await stack.call('DELETE', `/v1/spaces/doesnotexist`, { token: owner.token })).status).toBe(204);

    const list = await stack.call('GET', `/v1/orgs/${orgId}/spaces?limit=1000`, { token: owner.token });
    expect(list.body.items.map((s: { id: string }) => s.id)).not.toContain(space.id);
    const deleted = await stack.call('GET', `/v1/spaces/${space.id}`, { token: owner.token });
    expect(deleted.body.deletedAt).toEqual(expect.any(String));
    expect((await stack.call('PATCH', `/v1/spaces/${space.id}`, { token: owner.token, body: { title: 'x' } })).status).toBe(404);

    const restored = await stack.call('POST', `/v1/spaces/${space.id}/restore`, { token: owner.token });
    expect(restored.status).toBe(200);
    expect(restored.body.deletedAt).toBeUndefined();
    expectOfficialSchema('Space', restored.body);
    expect((await stack.call('POST', `/v1/spaces/${space.id}/restore`, { token: owner.token })).status).toBe(409);

    // deleted eight days ago: past the 7-day window
    await stack.call('DELETE', `/v1/spaces/${space.id}`, { token: owner.token });
    const db = stack.schemaDb('content');
    await db('spaces').where({ id: space.id }).update({ deleted_at: db.raw(`now() - interval '8 days'`) });
    expect((await stack.call('POST', `/v1/spaces/${space.id}/restore`, { token: owner.token })).status).toBe(404);
  });

  test('When 7 spaces are paged with limit=3 while others are inserted between pages, Then each is listed exactly once', async () => {
    const u = await stack.newUser('pager');
    const org = (await stack.newOrg(u.token)).id;
    const created: string[] = [];
    for (let i = 0; i < 7; i++) created.push((await createSpace(u.token, { title: `S${i}` }, org)).body.id);
    const seen: string[] = [];
    let page: string | undefined;
    let inserted = 0;
    do {
      const res = await stack.call('GET', `/v1/orgs/${org}/spaces?limit=3${page ? `&page=${encodeURIComponent(page)}` : ''}`, { token: u.token });
      expect(res.status).toBe(200);
      expect(res.body.items.length).toBeLessThanOrEqual(3);
      seen.push(...res.body.items.map((s: { id: string }) => s.id));
      page = res.body.next?.page;
      if (inserted < 2) {
        created.push((await createSpace(u.token, { title: `late${inserted}` }, org)).body.id);
        inserted++;
      }
    } while (page);
    expect(seen).toEqual(created);
    expect(new Set(seen).size).toBe(seen.length);
  });
});
