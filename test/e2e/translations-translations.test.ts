import knex, { type Knex } from 'knex';
import { TranslationsEvents } from '@dp/events';
import { expectOfficialSchema, TEST_DATABASE_URL } from '@dp/testing';
import { bootStack, type TestStack } from '../support/stack';

// jest ignores `testTimeout` set on a project (jest.config.js): the machine is shared, so be generous here.
jest.setTimeout(60_000);

/** Translations of content's spaces through the gateway; bad input and reads of the service alone are in services/translations/test/http. */
let stack: TestStack;
let db: Knex;
let owner: { id: string; token: string; email: string };
let orgId: string;
let spaceId: string;

const translations = (org = orgId) => `/v1/orgs/${org}/translations`;
const newSpace = async (token: string, org: string) => {
  const res = await stack.call('POST', `/v1/orgs/${org}/spaces`, { token, body: { title: 'Handbook' } });
  expect(res.status).toBe(201);
  return res.body.id as string;
};

beforeAll(async () => {
  stack = await bootStack('trl', { withWorkers: false });
  db = knex({ client: 'pg', connection: TEST_DATABASE_URL, pool: { min: 0, max: 1 } });
  owner = await stack.newUser('owner');
  orgId = (await stack.newOrg(owner.token)).id;
  spaceId = await newSpace(owner.token, orgId);
}, 120_000);
afterAll(async () => {
  await db?.destroy();
  await stack?.stop();
});

const valid = () => ({ language: 'fr', source: { space: spaceId, language: 'en' } });
const createTranslation = (token: string, body: object, org = orgId) => stack.call('POST', translations(org), { token, body });
/** Events the translations service put in its outbox (published by its worker's relay). */
const outbox = (type: string, translationId: string) =>
  db.withSchema(stack.envOf('translations').DB_SCHEMA!).from('outbox').where({ type }).whereRaw(`event->'data'->>'translationId' = ?`, [translationId]);

const text = (t: string, marks: string[] = []) => ({ object: 'text', leaves: [{ object: 'leaf', text: t, marks: marks.map((type) => ({ object: 'mark', type })) }] });
const paragraph = (t: string, marks?: string[]) => ({ object: 'block', type: 'paragraph', nodes: [text(t, marks)] });
const instructions = {
  object: 'document',
  data: { schemaVersion: 1 },
  nodes: [
    { object: 'block', type: 'heading-2', key: 'h', data: {}, nodes: [text('Tone')] },
    paragraph('Use the formal "vous".', ['bold']),
    { object: 'block', type: 'list-unordered', nodes: [{ object: 'block', type: 'list-item', nodes: [paragraph('Keep product names in English', ['italic', 'code'])] }] },
    { object: 'block', type: 'list-ordered', data: { start: 1 }, nodes: [{ object: 'block', type: 'list-item', data: { checked: true }, nodes: [paragraph('Translate headings')] }] },
    { object: 'block', type: 'blockquote', nodes: [paragraph('Never translate code.')] },
  ],
};

describe('translations through the gateway', () => {
  test('When a creator asks for a translation of a space, Then it is 201 pending with zero stats and validates against Translation', async () => {
    const res = await createTranslation(owner.token, { ...valid(), instructions });
    expect(res.status).toBe(201);
    expect(res.headers.get('location')).toBe(res.body.urls.location);
    expect(res.body).toMatchObject({
      object: 'translation',
      status: 'pending',
      language: 'fr',
      source: { space: spaceId, language: 'en' },
      instructions,
      stats: { runs: 0, totalWords: 0, totalPages: 0, totalDuration: 0, latestRunDuration: 0, latestPages: 0, latestWords: 0 },
      permissions: { view: true, edit: true },
    });
    expect(res.body.result).toBeUndefined();
    expect(res.body.urls.location).toMatch(new RegExp(`/v1/orgs/${orgId}/translations/${res.body.id}$`));
    expectOfficialSchema('Translation', res.body);

    const again = await stack.call('GET', `${translations()}/${res.body.id}`, { token: owner.token });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(res.body);
    const list = await stack.call('GET', `${translations()}?limit=1000`, { token: owner.token });
    expect(list.status).toBe(200);
    expect(list.body.items).toContainEqual(res.body);
    list.body.items.forEach((item: unknown) => expectOfficialSchema('Translation', item));

    const [event] = await outbox(TranslationsEvents.TRANSLATION_CREATED, res.body.id);
    expect(event.event).toMatchObject({ subject: res.body.id, data: { translationId: res.body.id, organizationId: orgId, sourceSpaceId: spaceId, language: 'fr' } });
  });

  test('When no instructions are given, Then the translation has an empty document', async () => {
    const res = await createTranslation(owner.token, valid());
    expect(res.status).toBe(201);
    expect(res.body.instructions).toEqual({ object: 'document', data: {}, nodes: [] });
    expectOfficialSchema('Translation', res.body);
  });

  test('When the source space does not exist, is in another organization, or is deleted, Then it is a 400 naming the space and nothing is written', async () => {
    const before = (await stack.call('GET', translations(), { token: owner.token })).body.count;
    const otherOrg = (await stack.newOrg(owner.token, 'Other')).id;
    const otherSpace = await newSpace(owner.token, otherOrg);
    const stranger = await stack.newUser('stranger');
    const strangersSpace = await newSpace(stranger.token, (await stack.newOrg(stranger.token)).id);
    const deletedSpace = await newSpace(owner.token, orgId);
    expect((await stack.call('DELETE', `/v1/spaces/${deletedSpace}`, { token: owner.token })).status).toBe(205);

    for (const [space, why] of [
      ['nosuchspace', /does not exist or you cannot read it/],
      [otherSpace, /does not belong to this organization/],
      [strangersSpace, /does not exist or you cannot read it/],
      [deletedSpace, /is deleted/],
    ] as const) {
      const res = await createTranslation(owner.token, { language: 'de', source: { space, language: 'en' } });
      expect({ space, status: res.status }).toEqual({ space, status: 400 });
      expect(res.body.error.message).toMatch(why);
      expect(res.body.error.message).toContain(`body.source.space: space ${space}`);
    }
    expect((await stack.call('GET', translations(), { token: owner.token })).body.count).toBe(before);
  });

  test('When 4 translations are paged with limit=3, Then each is listed once with the total count', async () => {
    const u = await stack.newUser('pager');
    const org = (await stack.newOrg(u.token)).id;
    const space = await newSpace(u.token, org);
    const created: string[] = [];
    for (const language of ['fr', 'de', 'es', 'ja']) created.push((await createTranslation(u.token, { language, source: { space, language: 'en' } }, org)).body.id);
    const first = await stack.call('GET', `${translations(org)}?limit=3`, { token: u.token });
    expect(first.body).toMatchObject({ count: 4, next: { page: expect.any(String) } });
    const second = await stack.call('GET', `${translations(org)}?limit=3&page=${encodeURIComponent(first.body.next.page)}`, { token: u.token });
    expect(second.body.next).toBeUndefined();
    expect([...first.body.items, ...second.body.items].map((t: { id: string }) => t.id)).toEqual(created);
    expect((await stack.call('GET', `${translations(org)}?page=forged`, { token: u.token })).status).toBe(400);
  });

  test('When a read member creates or deletes a translation, Then it is 403; when they read one, Then their permissions say view only', async () => {
    const reader = await stack.newUser('reader');
    await stack.addMember(owner.token, orgId, reader.email, 'read');
    const denied = await createTranslation(reader.token, valid());
    expect(denied.status).toBe(403);
    expect(denied.body.error.code).toBe(403);
    const t = (await createTranslation(owner.token, valid())).body;
    const seen = await stack.call('GET', `${translations()}/${t.id}`, { token: reader.token });
    expect(seen.status).toBe(200);
    expect(seen.body.permissions).toEqual({ view: true, edit: false });
    expect((await stack.call('GET', translations(), { token: reader.token })).status).toBe(200);
    expect((await stack.call('DELETE', `${translations()}/${t.id}`, { token: reader.token })).status).toBe(403);
    expect((await stack.call('GET', `${translations()}/${t.id}`, { token: owner.token })).status).toBe(200);
  });

  test("When a user reaches another organization's translations, Then every route is 404; the id under their own organization is 404 too", async () => {
    const stranger = await stack.newUser('stranger');
    const strangersOrg = (await stack.newOrg(stranger.token)).id;
    const t = (await createTranslation(owner.token, valid())).body;
    for (const [method, path, body] of [
      ['GET', translations()],
      ['POST', translations(), valid()],
      ['GET', `${translations()}/${t.id}`],
      ['DELETE', `${translations()}/${t.id}`],
      ['GET', `${translations(strangersOrg)}/${t.id}`],
    ] as const) {
      const res = await stack.call(method, path, { token: stranger.token, body });
      expect({ method, path, status: res.status }).toEqual({ method, path, status: 404 });
    }
    // Under their own organization the id is simply unknown: deleting is 204 and leaves the translation alone.
    expect((await stack.call('DELETE', `${translations(strangersOrg)}/${t.id}`, { token: stranger.token })).status).toBe(204);
    expect((await stack.call('GET', `${translations()}/${t.id}`, { token: owner.token })).status).toBe(200);
  });

  test('When a translation is deleted, Then it is 205, gone and announced; deleting again is 204', async () => {
    const t = (await createTranslation(owner.token, valid())).body;
    expect((await stack.call('DELETE', `${translations()}/${t.id}`, { token: owner.token })).status).toBe(205);
    expect((await stack.call('GET', `${translations()}/${t.id}`, { token: owner.token })).status).toBe(404);
    expect((await stack.call('DELETE', `${translations()}/${t.id}`, { token: owner.token })).status).toBe(204);
    const events = await outbox(TranslationsEvents.TRANSLATION_DELETED, t.id);
    expect(events).toHaveLength(1);
    expect(events[0].event).toMatchObject({ subject: t.id, data: { translationId: t.id, organizationId: orgId } });
  });

  test('When no provider is configured, Then asking for a run is a 400 that names the missing setting, and the translation stays pending', async () => {
    const t = (await createTranslation(owner.token, valid())).body;
    const run = await stack.call('POST', `${translations()}/${t.id}/run`, { token: owner.token });
    expect(run.status).toBe(400);
    expect(run.body.error.message).toMatch(/No translation provider is configured: set TRANSLATIONS_PROVIDER/);
    expect((await stack.call('GET', `${translations()}/${t.id}`, { token: owner.token })).body).toMatchObject({ status: 'pending', stats: { runs: 0 } });
    expect((await stack.call('POST', `${translations()}/nope/run`, { token: owner.token })).status).toBe(400);
  });

  // Last: it stops the content api of this file's stack.
  test('When the content service is down, Then creating a translation is 503 and nothing is written; reads still work', async () => {
    const before = (await stack.call('GET', translations(), { token: owner.token })).body.count;
    await stack.apis.content.stop();
    const res = await createTranslation(owner.token, valid());
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ error: { code: 503, message: expect.stringMatching(/content service is unavailable/) } });
    expect((await stack.call('GET', translations(), { token: owner.token })).body.count).toBe(before);
  });
});
