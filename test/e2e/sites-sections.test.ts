import { SitesEvents } from '@dp/events';
import { bootStructureStack, type StructureStack } from '../support/site-structure';

/**
 * Sections of a site through the gateway (docs/adr/0038): the first section takes the site's site spaces into
 * a default section, the default section is never undefined, paths are unique in the site, moves keep one
 * order, deletes take the section's site spaces along; every answer is checked against the official schemas
 * by the client.
 */
let s: StructureStack;
beforeAll(async () => {
  s = await bootStructureStack();
}, 120_000);
afterAll(() => s?.stack.release());

const sections = (siteId: string, token?: string) => s.items(s.sitePath(siteId, '/sections'), token);
const siteSpaces = (siteId: string) => s.items(s.sitePath(siteId, '/site-spaces'));
const addSection = async (siteId: string, body: object) => {
  const res = await s.call('POST', s.sitePath(siteId, '/sections'), body);
  expect(res.status).toBe(201);
  return res.body;
};
const move = (siteId: string, sectionId: string, position?: object) => s.call('POST', s.sitePath(siteId, `/sections/${sectionId}/move`), position ? { position } : {});
const at = (id: string) => ({ type: 'site-section', siteSection: id });
const titles = async (siteId: string) => (await sections(siteId)).map((x) => x.title);

/** A site with three sections (A, B, C in that order), each from a fresh space; returns their ids. */
async function siteWithSections(names = ['Alpha', 'Bravo', 'Charlie']) {
  const siteId = await s.newSite();
  const ids: string[] = [];
  for (const title of names) ids.push((await addSection(siteId, { spaceId: await s.newSpace(`${title} space`), title })).id);
  return { siteId, ids };
}

describe('creating sections', () => {
  test('When a site with site spaces gets its first section, Then they move, in order and with their default, into a default section, and the new section comes after it', async () => {
    const [guides, faq, api] = [await s.newSpace('User Guides'), await s.newSpace('FAQ'), await s.newSpace('API Reference')];
    const siteId = await s.newSite([guides, faq]);
    const before = await siteSpaces(siteId);

    const res = await s.call('POST', s.sitePath(siteId, '/sections'), { spaceId: api, title: 'API', icon: 'code' });
    expect(res.status).toBe(201);
    expect(res.headers.get('location')).toMatch(new RegExp(`/sites/${siteId}/sections/${res.body.id}$`));
    expect(res.body).toMatchObject({ object: 'site-section', title: 'API', path: 'api', icon: 'code', default: false, draft: false, urls: {} });
    expect(res.body.siteSpaces.map((x: any) => [x.space.id, x.default, x.section])).toEqual([[api, true, res.body.id]]);

    const listed = await sections(siteId);
    expect(listed.map((x) => [x.title, x.path, x.default])).toEqual([
      ['User Guides', 'user-guides', true],
      ['API', 'api', false],
    ]);
    const [main] = listed;
    // The same site spaces (ids, paths, default), now in the default section.
    expect(main.siteSpaces.map((x: any) => [x.id, x.path, x.default, x.section])).toEqual(before.map((b) => [b.id, b.path, b.default, main.id]));
    expect((await siteSpaces(siteId)).map((x) => x.section)).toEqual([main.id, main.id, res.body.id]);
    expect((await s.call('GET', s.sitePath(siteId))).body.siteSpaces).toBe(3);

    const events = await s.events(siteId);
    const structural = events.filter((e) => e.type !== SitesEvents.SITE_CREATED && !(e.type === SitesEvents.SITE_SPACE_CREATED && e.data.siteSectionId === null));
    expect(structural.map((e) => [e.type, e.data.siteSectionId ?? null, e.data.changed ?? null])).toEqual([
      [SitesEvents.SITE_SECTION_CREATED, main.id, null],
      [SitesEvents.SITE_SPACE_UPDATED, main.id, ['section']],
      [SitesEvents.SITE_SPACE_UPDATED, main.id, ['section']],
      [SitesEvents.SITE_SECTION_CREATED, res.body.id, null],
      [SitesEvents.SITE_SPACE_CREATED, res.body.id, null],
    ]);
  });

  test('When an empty site gets its first section, Then that section is the default; a title too short or absent comes from the space', async () => {
    const siteId = await s.newSite();
    const first = await addSection(siteId, { spaceId: await s.newSpace('Handbook') });
    expect(first).toMatchObject({ title: 'Handbook', path: 'handbook', default: true });
    const second = await addSection(siteId, { spaceId: await s.newSpace('Handbook'), title: null });
    expect(second).toMatchObject({ title: 'Handbook', path: 'handbook-2', default: false });
    const third = await addSection(siteId, { spaceId: await s.newSpace('X') });
    expect(third).toMatchObject({ title: 'Untitled section', path: 'untitled-section' });
  });

  test('When a site space is added without a section, Then it goes to the default section; with one, to that section', async () => {
    const { siteId, ids } = await siteWithSections();
    const intoDefault = await s.call('POST', s.sitePath(siteId, '/site-spaces'), { spaceId: await s.newSpace('Extra') });
    expect(intoDefault.status).toBe(201);
    expect(intoDefault.body).toMatchObject({ section: ids[0], default: false, path: 'extra' });
    const intoC = await s.call('POST', s.sitePath(siteId, '/site-spaces'), { spaceId: await s.newSpace('Extra'), sectionId: ids[2] });
    expect(intoC.body).toMatchObject({ section: ids[2], default: false, path: 'extra' });
    expect((await sections(siteId)).map((x) => x.siteSpaces.length)).toEqual([2, 1, 2]);
  });

  test('When a section is created in a group, Then it is in that group; an unknown group is a 400 naming it, and nothing is created', async () => {
    const { siteId } = await siteWithSections(['One']);
    const group = await s.call('POST', s.sitePath(siteId, '/section-groups'), { title: 'Products' });
    const inGroup = await addSection(siteId, { spaceId: await s.newSpace('Two'), siteSectionGroupId: group.body.id });
    expect(inGroup.sectionGroup).toBe(group.body.id);
    const bad = await s.call('POST', s.sitePath(siteId, '/sections'), { spaceId: await s.newSpace('Three'), siteSectionGroupId: 'nosuchgroup' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/^body\.siteSectionGroupId/);
    expect(await titles(siteId)).toEqual(['One', 'Two']);
  });
});

describe('updating sections', () => {
  test('When a section is patched, Then title, path, icon, description and default site space change; null removes icon, description and condition', async () => {
    const { siteId, ids } = await siteWithSections(['Alpha', 'Bravo']);
    const extra = await s.call('POST', s.sitePath(siteId, '/site-spaces'), { spaceId: await s.newSpace('Second'), sectionId: ids[1] });
    const res = await s.call('PATCH', s.sitePath(siteId, `/sections/${ids[1]}`), { title: 'Beta', path: 'beta', icon: 'star', description: 'The second one', defaultSiteSpace: extra.body.id });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ title: 'Beta', path: 'beta', icon: 'star', description: 'The second one' });
    expect(res.body.siteSpaces.map((x: any) => [x.id, x.default])).toEqual([
      [expect.any(String), false],
      [extra.body.id, true],
    ]);
    const cleared = await s.call('PATCH', s.sitePath(siteId, `/sections/${ids[1]}`), { icon: null, description: null, condition: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body.icon).toBeUndefined();
    expect(cleared.body.description).toBeUndefined();
    expect(cleared.body.condition).toBeUndefined();
    expect(cleared.body.title).toBe('Beta');
    const updates = await s.events(siteId, SitesEvents.SITE_SECTION_UPDATED);
    expect(updates.map((e) => e.data.changed)).toEqual([['title', 'path', 'icon', 'description', 'defaultSiteSpace'], ['icon', 'description', 'condition']]);
  });

  test('When a section gets a condition, Then it must read declared claims and be a boolean (400 naming body.condition otherwise); omitted, it stays', async () => {
    const { siteId, ids } = await siteWithSections(['Alpha', 'Bravo']);
    const url = s.sitePath(siteId, `/sections/${ids[1]}`);
    const refused = await s.call('PATCH', url, { condition: 'visitor.claims.isStaff == true', title: 'Changed' });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toMatch(/^body\.condition: .*isStaff/);
    const jsonSchema = { type: 'object', properties: { isStaff: { type: 'boolean', description: 'Staff.' } }, additionalProperties: false };
    expect((await s.call('PUT', s.sitePath(siteId, '/adaptive-schema'), { jsonSchema })).status).toBe(200);
    const set = await s.call('PATCH', url, { condition: 'visitor.claims.isStaff == true' });
    expect(set.status).toBe(200);
    expect(set.body.condition).toBe('visitor.claims.isStaff == true');
    expect((await s.call('PATCH', url, { title: 'Renamed' })).body.condition).toBe('visitor.claims.isStaff == true');
    const notBoolean = await s.call('PATCH', url, { condition: '"staff"' });
    expect(notBoolean.status).toBe(400);
    expect((await sections(siteId))[1]).toMatchObject({ title: 'Renamed', condition: 'visitor.claims.isStaff == true' });
  });

  test('When a path is taken by another section of the site, Then it is a 409 naming it and nothing changes; the same path in another site is fine', async () => {
    const { siteId, ids } = await siteWithSections(['Alpha', 'Bravo']);
    const res = await s.call('PATCH', s.sitePath(siteId, `/sections/${ids[1]}`), { path: 'alpha', title: 'Changed' });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toMatch(/^body\.path: alpha/);
    expect(await titles(siteId)).toEqual(['Alpha', 'Bravo']);
    const other = await siteWithSections(['Other', 'Bravo']);
    expect((await s.call('PATCH', s.sitePath(other.siteId, `/sections/${other.ids[1]}`), { path: 'alpha' })).status).toBe(200);
  });

  test.each([
    ['a one-character title', { title: 'x' }, 'body.title'],
    ['an over-long title', { title: 'x'.repeat(129) }, 'body.title'],
    ['an empty path', { path: '' }, 'body.path'],
    ['a path with a slash', { path: 'a/b' }, 'body.path'],
    ['a path climbing up', { path: '..' }, 'body.path'],
    ['an over-long description', { description: 'x'.repeat(257) }, 'body.description'],
    ['an over-long condition', { condition: 'x'.repeat(1025) }, 'body.condition'],
    ['an unknown field', { colour: 'red' }, 'body'],
    ['nothing', {}, 'body'],
    ['a default site space of another section', 'OTHER', 'body.defaultSiteSpace'],
    ['an unknown default site space', { defaultSiteSpace: 'nosuchsitespace' }, 'body.defaultSiteSpace'],
  ])('When a section patch has %s, Then it is a 400 naming the field and nothing changes', async (_label, body, field) => {
    const { siteId, ids } = await siteWithSections(['Alpha', 'Bravo']);
    const before = await sections(siteId);
    const patch = body === 'OTHER' ? { title: 'Changed', defaultSiteSpace: before[0].siteSpaces[0].id } : body;
    const res = await s.call('PATCH', s.sitePath(siteId, `/sections/${ids[1]}`), patch);
    expect(res.status).toBe(400);
    expect(res.body.error.message.startsWith(field)).toBe(true);
    expect(await sections(siteId)).toEqual(before);
  });

  test('When a section of another site or an unknown one is patched, moved or deleted, Then it is a 404 (204 for the delete)', async () => {
    const a = await siteWithSections(['Alpha']);
    const b = await siteWithSections(['Bravo']);
    expect((await s.call('PATCH', s.sitePath(a.siteId, `/sections/${b.ids[0]}`), { title: 'Mine' })).status).toBe(404);
    expect((await move(a.siteId, b.ids[0])).status).toBe(404);
    expect((await s.call('DELETE', s.sitePath(a.siteId, `/sections/${b.ids[0]}`))).status).toBe(204);
    expect(await titles(b.siteId)).toEqual(['Bravo']);
  });
});

describe('moving sections', () => {
  test('When sections move before, after, first and last, Then the list follows; a move to where it is changes nothing', async () => {
    const { siteId, ids } = await siteWithSections(['A1', 'B1', 'C1', 'D1']);
    const [a, b, c, d] = ids;
    expect((await move(siteId, d, { before: at(a) })).body.title).toBe('D1');
    expect(await titles(siteId)).toEqual(['D1', 'A1', 'B1', 'C1']);
    await move(siteId, d, { after: at(b) });
    expect(await titles(siteId)).toEqual(['A1', 'B1', 'D1', 'C1']);
    await move(siteId, a);
    expect(await titles(siteId)).toEqual(['B1', 'D1', 'C1', 'A1']);
    await move(siteId, c, { after: at(d), before: at(a) });
    expect(await titles(siteId)).toEqual(['B1', 'D1', 'C1', 'A1']);
    await move(siteId, c, { after: at(b), before: at(d) });
    expect(await titles(siteId)).toEqual(['B1', 'C1', 'D1', 'A1']);
    const moves = await s.events(siteId, SitesEvents.SITE_SECTION_UPDATED);
    expect(moves.map((e) => e.data.siteSectionId)).toEqual([d, d, a, c]);
  });

  test.each([
    ['an unknown sibling', () => ({ position: { before: at('nosuchsection') } }), 'body.position.before'],
    ['itself', (ids: string[]) => ({ position: { after: at(ids[0]) } }), 'body.position.after'],
    ['siblings that are not adjacent', (ids: string[]) => ({ position: { after: at(ids[1]), before: at(ids[1]) } }), 'body.position'],
    ['a pointer of the wrong type', (ids: string[]) => ({ position: { before: { type: 'site-space', siteSection: ids[1] } } }), 'body.position.before.type'],
    ['a pointer without its id', () => ({ position: { before: { type: 'site-section' } } }), 'body.position.before'],
  ])('When a move names %s, Then it is a 400 naming the field and nothing moves', async (_label, body, field) => {
    const { siteId, ids } = await siteWithSections(['A1', 'B1', 'C1']);
    const res = await s.call('POST', s.sitePath(siteId, `/sections/${ids[0]}/move`), body(ids));
    expect(res.status).toBe(400);
    expect(res.body.error.message.startsWith(field)).toBe(true);
    expect(await titles(siteId)).toEqual(['A1', 'B1', 'C1']);
  });

  test('When many moves of the same site run at once, Then every section is listed once, in one total order, and the pages agree with it', async () => {
    const names = Array.from({ length: 8 }, (_, i) => `Section ${i + 1}`);
    const { siteId, ids } = await siteWithSections(names);
    const results = await Promise.all(ids.map((id, i) => move(siteId, id, { before: at(ids[(i + 3) % ids.length]) })));
    expect(results.map((r) => r.status).every((st) => st === 200)).toBe(true);
    const all = await sections(siteId);
    expect(all.map((x) => x.id).sort()).toEqual([...ids].sort());
    // Paging one at a time gives the same order.
    const paged: string[] = [];
    let page: string | undefined;
    do {
      const res = await s.call('GET', s.sitePath(siteId, `/sections?limit=3${page ? `&page=${page}` : ''}`));
      expect(res.body.count).toBe(8);
      paged.push(...res.body.items.map((x: any) => x.id));
      page = res.body.next?.page;
    } while (page);
    expect(paged).toEqual(all.map((x) => x.id));
    // Moving two sections in turn right after a third halves the same gap each time, until floating point runs
    // out of room and the siblings are renumbered: the order stays right throughout.
    const [anchor, x1, x2, ...rest] = all.map((x) => x.id);
    for (let i = 0; i < 60; i++) expect((await move(siteId, i % 2 ? x1 : x2, { after: at(anchor) })).status).toBe(200);
    expect((await sections(siteId)).map((x) => x.id)).toEqual([anchor, x1, x2, ...rest]);
    const positions = await s.db('site_sections').where({ site_id: siteId }).orderBy('position').pluck('position');
    expect(new Set(positions).size).toBe(8);
  }, 60_000);
});

describe('deleting sections', () => {
  test('When the default section is deleted, Then its site spaces go with it and the first remaining section becomes the default', async () => {
    const { siteId, ids } = await siteWithSections();
    await move(siteId, ids[2], { before: at(ids[1]) });
    const res = await s.call('DELETE', s.sitePath(siteId, `/sections/${ids[0]}`));
    expect(res.status).toBe(205);
    expect((await sections(siteId)).map((x) => [x.id, x.default])).toEqual([
      [ids[2], true],
      [ids[1], false],
    ]);
    expect((await s.call('GET', s.sitePath(siteId))).body.siteSpaces).toBe(2);
    expect((await s.events(siteId, SitesEvents.SITE_SPACE_DELETED)).map((e) => e.data.siteSectionId)).toEqual([ids[0]]);
    expect((await s.events(siteId, SitesEvents.SITE_SECTION_DELETED)).map((e) => e.data.siteSectionId)).toEqual([ids[0]]);
    expect((await s.call('DELETE', s.sitePath(siteId, `/sections/${ids[0]}`))).status).toBe(204);
  });

  test('When the last section is deleted, Then the site has no sections and no site spaces; a new site space goes to its root', async () => {
    const { siteId, ids } = await siteWithSections(['Only']);
    expect((await s.call('DELETE', s.sitePath(siteId, `/sections/${ids[0]}`))).status).toBe(205);
    expect(await sections(siteId)).toEqual([]);
    expect((await s.call('GET', s.sitePath(siteId))).body.siteSpaces).toBe(0);
    const added = await s.call('POST', s.sitePath(siteId, '/site-spaces'), { spaceId: await s.newSpace('Root again') });
    expect(added.status).toBe(201);
    expect(added.body.section).toBeUndefined();
    expect(added.body.default).toBe(true);
  });
});

describe('published URLs and share keys', () => {
  test('When the site is published, Then the default section is at the site URL and the others at their path, and so are their site spaces; a share key goes into each', async () => {
    const { siteId, ids } = await siteWithSections(['Guides', 'API']);
    const changelog = await s.newSpace('Changelog');
    await s.call('POST', s.sitePath(siteId, '/site-spaces'), { spaceId: changelog, sectionId: ids[1] });
    expect((await sections(siteId)).every((x) => x.urls.published === undefined)).toBe(true);
    const site = (await s.call('POST', s.sitePath(siteId, '/publish'))).body;
    const base = site.urls.published.replace(/\/$/, '');
    const [guides, api] = await sections(siteId);
    expect(guides.urls.published).toBe(site.urls.published);
    expect(guides.siteSpaces[0].urls.published).toBe(site.urls.published);
    expect(api.urls.published).toBe(`${base}/api`);
    expect(api.siteSpaces.map((x: any) => x.urls.published)).toEqual([`${base}/api`, `${base}/api/changelog`]);

    expect((await s.call('PATCH', s.sitePath(siteId), { visibility: 'share-link' })).status).toBe(200);
    const link = (await s.call('POST', s.sitePath(siteId, '/share-links'), { name: 'Partners' })).body;
    const key = new URL(link.urls.published).searchParams.get('share');
    const keyed = await s.items(s.sitePath(siteId, `/sections?shareKey=${key}`));
    expect(keyed[1].urls.published).toBe(`${base}/api?share=${key}`);
    expect(keyed[1].siteSpaces[1].urls.published).toBe(`${base}/api/changelog?share=${key}`);
    // Content asks sites for a space's published URL with the share key: in a section, under the section's path.
    expect((await s.call('GET', `/v1/spaces/${changelog}?shareKey=${key}`)).body.urls.published).toBe(`${base}/api/changelog?share=${key}`);
    const unknownKey = await s.items(s.sitePath(siteId, '/sections?shareKey=nosuchkey'));
    expect(unknownKey[1].urls.published).toBe(`${base}/api`);
  });
});

describe('the site defaults', () => {
  test('When PATCH SITE names a default section or a default site space, Then they become the defaults; ones of another site are a 400 naming the field and change nothing', async () => {
    const { siteId, ids } = await siteWithSections(['Alpha', 'Bravo']);
    const other = await siteWithSections(['Elsewhere']);
    const extra = (await s.call('POST', s.sitePath(siteId, '/site-spaces'), { spaceId: await s.newSpace('Extra'), sectionId: ids[1] })).body;

    expect((await s.call('PATCH', s.sitePath(siteId), { defaultSiteSection: ids[1] })).status).toBe(200);
    expect((await sections(siteId)).map((x) => x.default)).toEqual([false, true]);
    // A site space of another section: it becomes the default of its section, and that section the site's default.
    const firstOfAlpha = (await sections(siteId))[0].siteSpaces[0].id;
    expect((await s.call('PATCH', s.sitePath(siteId), { defaultSiteSpace: extra.id })).status).toBe(200);
    let listed = await sections(siteId);
    expect(listed.map((x) => [x.default, x.siteSpaces.map((y: any) => y.default)])).toEqual([
      [false, [true]],
      [true, [false, true]],
    ]);
    expect((await s.call('PATCH', s.sitePath(siteId), { defaultSiteSpace: firstOfAlpha })).status).toBe(200);
    listed = await sections(siteId);
    expect(listed.map((x) => x.default)).toEqual([true, false]);
    const onlyDefaults = await s.items(s.sitePath(siteId, '/site-spaces?default=true'));
    expect(onlyDefaults.map((x) => x.id)).toEqual([firstOfAlpha, extra.id]);

    for (const [body, field] of [
      [{ defaultSiteSection: other.ids[0], title: 'Changed' }, 'body.defaultSiteSection'],
      [{ defaultSiteSpace: (await sections(other.siteId))[0].siteSpaces[0].id, title: 'Changed' }, 'body.defaultSiteSpace'],
      [{ defaultSiteSection: ids[1], defaultSiteSpace: firstOfAlpha }, 'body.defaultSiteSpace'],
    ] as const) {
      const res = await s.call('PATCH', s.sitePath(siteId), body);
      expect({ field, status: res.status }).toEqual({ field, status: 400 });
      expect(res.body.error.message.startsWith(field)).toBe(true);
    }
    expect((await s.call('GET', s.sitePath(siteId))).body.title).toBe('Docs site');
    expect(await sections(siteId)).toEqual(listed);
  });
});

describe('who may', () => {
  test('When a read member reads sections, Then they may; creating, changing, moving or deleting one is a 403 and changes nothing', async () => {
    const { siteId, ids } = await siteWithSections(['Alpha', 'Bravo']);
    const before = await sections(siteId);
    expect(await sections(siteId, s.reader.token)).toHaveLength(2);
    const spaceId = await s.newSpace('Not for readers');
    for (const [method, path, body] of [
      ['POST', s.sitePath(siteId, '/sections'), { spaceId }],
      ['PATCH', s.sitePath(siteId, `/sections/${ids[0]}`), { title: 'Mine' }],
      ['POST', s.sitePath(siteId, `/sections/${ids[1]}/move`), { position: { before: at(ids[0]) } }],
      ['DELETE', s.sitePath(siteId, `/sections/${ids[0]}`), undefined],
    ] as const) {
      const res = await s.call(method, path, body, s.reader.token);
      expect({ method, path, status: res.status }).toEqual({ method, path, status: 403 });
    }
    expect(await sections(siteId)).toEqual(before);
  });

  test("When a user of another organization works on a site's sections, Then everything is a 404 and changes nothing", async () => {
    const { siteId, ids } = await siteWithSections(['Alpha']);
    const before = await sections(siteId);
    for (const org of [s.orgId, s.strangerOrgId]) {
      for (const [method, path, body] of [
        ['GET', s.sitePath(siteId, '/sections', org), undefined],
        ['POST', s.sitePath(siteId, '/sections', org), { spaceId: 'whatever' }],
        ['PATCH', s.sitePath(siteId, `/sections/${ids[0]}`, org), { title: 'Mine' }],
        ['POST', s.sitePath(siteId, `/sections/${ids[0]}/move`, org), {}],
        ['DELETE', s.sitePath(siteId, `/sections/${ids[0]}`, org), undefined],
      ] as const) {
        const res = await s.call(method, path, body, s.stranger.token);
        expect({ method, path, status: res.status }).toEqual({ method, path, status: 404 });
      }
    }
    expect(await sections(siteId)).toEqual(before);
  });
});
