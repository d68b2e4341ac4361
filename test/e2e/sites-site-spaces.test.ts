import { SitesEvents } from '@dp/events';
import { eventually } from '@dp/testing';
import { bootStructureStack, type StructureStack } from '../support/site-structure';

/**
 * Site spaces through the gateway (docs/adr/0038): patched (path unique in its section, condition, the
 * content it shows), moved within their section, deleted; and a space deleted in content leaving every
 * section that shows it, a section left empty going with it.
 */
let s: StructureStack;
beforeAll(async () => {
  s = await bootStructureStack();
}, 120_000);
afterAll(() => s?.stack.release());

const siteSpaces = (siteId: string, query = '') => s.items(s.sitePath(siteId, `/site-spaces${query}`));
const sections = (siteId: string) => s.items(s.sitePath(siteId, '/sections'));
const titles = async (siteId: string) => (await siteSpaces(siteId)).map((x) => x.title);
const addSiteSpace = async (siteId: string, body: object) => {
  const res = await s.call('POST', s.sitePath(siteId, '/site-spaces'), body);
  expect(res.status).toBe(201);
  return res.body;
};
const at = (id: string) => ({ type: 'site-space', siteSpace: id });
const move = (siteId: string, id: string, position?: object) => s.call('POST', s.sitePath(siteId, `/site-spaces/${id}/move`), position ? { position } : {});

/** Gives the site an adaptive schema declaring `beta` (a boolean) and the unsigned `plan` (a string), for conditions. */
async function declareClaims(siteId: string) {
  const jsonSchema = {
    type: 'object',
    properties: {
      beta: { type: 'boolean', description: 'A beta tester.' },
      unsigned: { type: 'object', description: 'Unsigned claims of the site visitor.', properties: { plan: { type: 'string', description: 'Their plan.' } }, additionalProperties: false },
    },
    additionalProperties: false,
  };
  const res = await s.call('PUT', s.sitePath(siteId, '/adaptive-schema'), { jsonSchema });
  expect(res.status).toBe(200);
}

/** A site (no sections) with site spaces of fresh spaces with these titles; returns the site and site-space ids. */
async function siteWith(names: string[]) {
  const siteId = await s.newSite(await Promise.all(names.map((n) => s.newSpace(n))));
  return { siteId, ids: (await siteSpaces(siteId)).map((x) => x.id as string) };
}

describe('patching site spaces', () => {
  test('When a site space is patched, Then its path, condition and content change; null removes the condition', async () => {
    const { siteId, ids } = await siteWith(['Guides', 'API']);
    const other = await s.newSpace('API v2');
    await declareClaims(siteId);
    const res = await s.call('PATCH', s.sitePath(siteId, `/site-spaces/${ids[1]}`), { path: 'reference', condition: 'visitor.claims.beta == true', spaceId: other });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: ids[1], path: 'reference', condition: 'visitor.claims.beta == true', title: 'API v2', space: { id: other, title: 'API v2' } });
    const cleared = await s.call('PATCH', s.sitePath(siteId, `/site-spaces/${ids[1]}`), { condition: null });
    expect(cleared.body.condition).toBeUndefined();
    expect(cleared.body.path).toBe('reference');
    expect((await s.events(siteId, SitesEvents.SITE_SPACE_UPDATED)).map((e) => [e.data.spaceId, e.data.changed])).toEqual([
      [other, ['path', 'condition', 'spaceId']],
      [other, ['condition']],
    ]);
  });

  test('When a condition reads an undeclared claim or is not a boolean, Then it is a 400 naming body.condition and the problem, and nothing changes', async () => {
    const { siteId, ids } = await siteWith(['Guides']);
    const before = await siteSpaces(siteId);
    const undeclared = await s.call('PATCH', s.sitePath(siteId, `/site-spaces/${ids[0]}`), { condition: 'visitor.claims.beta == true', path: 'changed' });
    expect(undeclared.status).toBe(400);
    expect(undeclared.body.error.message).toMatch(/^body\.condition: .*beta/);
    await declareClaims(siteId);
    for (const condition of ['visitor.claims.unsigned.plan', 'visitor.claims.beta ==', 'visitor.claims.beta && 1']) {
      const res = await s.call('PATCH', s.sitePath(siteId, `/site-spaces/${ids[0]}`), { condition, path: 'changed' });
      expect({ condition, status: res.status }).toEqual({ condition, status: 400 });
      expect(res.body.error.message).toMatch(/^body\.condition: /);
    }
    expect(await siteSpaces(siteId)).toEqual(before);
  });

  test('When a path is taken in the same section, Then it is a 409 and nothing changes; the same path in another section is fine', async () => {
    const { siteId, ids } = await siteWith(['Guides', 'API']);
    const taken = await s.call('PATCH', s.sitePath(siteId, `/site-spaces/${ids[1]}`), { path: 'guides', condition: null });
    expect(taken.status).toBe(409);
    expect(taken.body.error.message).toMatch(/^body\.path: guides/);
    const section = (await s.call('POST', s.sitePath(siteId, '/sections'), { spaceId: await s.newSpace('Other'), title: 'Other' })).body;
    const inOther = section.siteSpaces[0].id;
    expect((await s.call('PATCH', s.sitePath(siteId, `/site-spaces/${inOther}`), { path: 'guides' })).status).toBe(200);
    expect((await siteSpaces(siteId)).map((x) => x.path)).toEqual(['guides', 'api', 'guides']);
  });

  test.each([
    ['an empty path', { path: '' }, 'body.path'],
    ['a path with a space', { path: 'a b' }, 'body.path'],
    ['an over-long condition', { condition: 'x'.repeat(1025) }, 'body.condition'],
    ['an unknown space', { spaceId: 'nosuchspace' }, 'body.spaceId'],
    ['a deleted space', 'DELETED', 'body.spaceId'],
    ['a space of another organization', 'FOREIGN', 'body.spaceId'],
    ['an unknown field', { hidden: true }, 'body'],
    ['nothing', {}, 'body'],
  ])('When a site-space patch has %s, Then it is a 400 naming the field and nothing changes', async (_label, body, field) => {
    const { siteId, ids } = await siteWith(['Guides']);
    const before = await siteSpaces(siteId);
    const spaceFor = async (kind: string) => {
      if (kind === 'FOREIGN') return (await s.call('POST', `/v1/orgs/${s.strangerOrgId}/spaces`, { title: 'Theirs' }, s.stranger.token)).body.id;
      const doomed = await s.newSpace('Doomed');
      expect((await s.call('DELETE', `/v1/spaces/${doomed}`)).status).toBe(205);
      return doomed;
    };
    const patch = typeof body === 'string' ? { spaceId: await spaceFor(body), path: 'changed' } : body;
    const res = await s.call('PATCH', s.sitePath(siteId, `/site-spaces/${ids[0]}`), patch);
    expect(res.status).toBe(400);
    expect(res.body.error.message.startsWith(field)).toBe(true);
    expect(await siteSpaces(siteId)).toEqual(before);
  });

  test('When the content of a site space becomes a space the same section already shows, Then it is a 409', async () => {
    const { siteId, ids } = await siteWith(['Guides', 'API']);
    const guides = (await siteSpaces(siteId))[0].space.id;
    const res = await s.call('PATCH', s.sitePath(siteId, `/site-spaces/${ids[1]}`), { spaceId: guides });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toMatch(/^body\.spaceId/);
  });
});

describe('moving site spaces', () => {
  test('When site spaces move before, after and last, Then the list follows; a site space of another section is not a sibling', async () => {
    const { siteId, ids } = await siteWith(['A', 'B', 'C']);
    expect((await move(siteId, ids[2], { before: at(ids[0]) })).body.id).toBe(ids[2]);
    expect(await titles(siteId)).toEqual(['C', 'A', 'B']);
    await move(siteId, ids[2], { after: at(ids[0]) });
    expect(await titles(siteId)).toEqual(['A', 'C', 'B']);
    await move(siteId, ids[0]);
    expect(await titles(siteId)).toEqual(['C', 'B', 'A']);
    expect((await s.events(siteId, SitesEvents.SITE_SPACE_UPDATED)).map((e) => e.data.changed)).toEqual([['position'], ['position'], ['position']]);

    const section = (await s.call('POST', s.sitePath(siteId, '/sections'), { spaceId: await s.newSpace('D'), title: 'Second' })).body;
    const bad = await move(siteId, ids[0], { before: at(section.siteSpaces[0].id) });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/^body\.position\.before/);
    const notAdjacent = await move(siteId, ids[0], { after: at(ids[2]), before: at(ids[2]) });
    expect(notAdjacent.status).toBe(400);
    expect(await titles(siteId)).toEqual(['C', 'B', 'A', 'D']);
  });

  test('When moves of one section run at once, Then each site space is listed once in one order', async () => {
    const { siteId, ids } = await siteWith(['S1', 'S2', 'S3', 'S4', 'S5', 'S6']);
    const results = await Promise.all(ids.map((id, i) => move(siteId, id, { after: at(ids[(i + 2) % ids.length]) })));
    expect(results.every((r) => r.status === 200)).toBe(true);
    const listed = (await siteSpaces(siteId)).map((x) => x.id);
    expect([...listed].sort()).toEqual([...ids].sort());
  });
});

describe('deleting site spaces', () => {
  test('When the default site space is deleted, Then the first remaining one of its section becomes the default; an unknown one is a 204', async () => {
    const { siteId, ids } = await siteWith(['A', 'B', 'C']);
    await move(siteId, ids[2], { before: at(ids[1]) });
    expect((await s.call('DELETE', s.sitePath(siteId, `/site-spaces/${ids[0]}`))).status).toBe(205);
    expect((await siteSpaces(siteId)).map((x) => [x.id, x.default])).toEqual([
      [ids[2], true],
      [ids[1], false],
    ]);
    expect((await siteSpaces(siteId, '?default=true')).map((x) => x.id)).toEqual([ids[2]]);
    expect((await siteSpaces(siteId, '?default=false')).map((x) => x.id)).toEqual([ids[1]]);
    expect((await s.call('GET', s.sitePath(siteId))).body.siteSpaces).toBe(2);
    expect((await s.call('DELETE', s.sitePath(siteId, `/site-spaces/${ids[0]}`))).status).toBe(204);
    expect((await s.events(siteId, SitesEvents.SITE_SPACE_DELETED)).map((e) => e.data.siteSpaceId)).toEqual([ids[0]]);
  });

  test('When the last site space of a section is deleted, Then it is a 409 and nothing changes: the section is deleted instead', async () => {
    const { siteId } = await siteWith(['A']);
    const section = (await s.call('POST', s.sitePath(siteId, '/sections'), { spaceId: await s.newSpace('Only'), title: 'Second' })).body;
    const res = await s.call('DELETE', s.sitePath(siteId, `/site-spaces/${section.siteSpaces[0].id}`));
    expect(res.status).toBe(409);
    expect((await sections(siteId)).map((x) => x.siteSpaces.length)).toEqual([1, 1]);
  });
});

describe('a space deleted in content', () => {
  test('When a space shown in sections is deleted, Then it leaves them; a section left empty goes, the default passing to the next one', async () => {
    const shared = await s.newSpace('Shared');
    const kept = await s.newSpace('Kept');
    const siteId = await s.newSite([shared]);
    // The default section (from the site's site spaces) holds only the shared space; "Mixed" holds both.
    const mixed = (await s.call('POST', s.sitePath(siteId, '/sections'), { spaceId: shared, title: 'Mixed' })).body;
    await addSiteSpace(siteId, { spaceId: kept, sectionId: mixed.id });
    const [main] = await sections(siteId);
    expect(main.default).toBe(true);
    expect((await s.call('GET', s.sitePath(siteId))).body.siteSpaces).toBe(3);

    expect((await s.call('DELETE', `/v1/spaces/${shared}`)).status).toBe(205);
    await eventually(async () => (await siteSpaces(siteId)).length === 1, 15_000, 100);
    const after = await sections(siteId);
    expect(after.map((x) => [x.id, x.default, x.siteSpaces.map((y: any) => [y.space.id, y.default])])).toEqual([[mixed.id, true, [[kept, true]]]]);
    expect((await s.call('GET', s.sitePath(siteId))).body.siteSpaces).toBe(1);
    const types = (await s.events(siteId)).map((e) => e.type);
    expect(types.filter((t) => t === SitesEvents.SITE_SPACE_DELETED)).toHaveLength(2);
    expect((await s.events(siteId, SitesEvents.SITE_SECTION_DELETED)).map((e) => e.data.siteSectionId)).toEqual([main.id]);
    expect((await s.events(siteId, SitesEvents.SITE_SECTION_UPDATED)).map((e) => [e.data.siteSectionId, e.data.changed])).toEqual([[mixed.id, ['default']]]);
  }, 30_000);
});

describe('who may', () => {
  test('When a read member lists site spaces, Then they may; patching, moving or deleting one is a 403; a stranger gets 404s; nothing changes', async () => {
    const { siteId, ids } = await siteWith(['A', 'B']);
    const before = await siteSpaces(siteId);
    expect((await s.items(s.sitePath(siteId, '/site-spaces'), s.reader.token)).map((x) => x.id)).toEqual(ids);
    const writes = (org: string) =>
      [
        ['PATCH', s.sitePath(siteId, `/site-spaces/${ids[0]}`, org), { path: 'mine' }],
        ['POST', s.sitePath(siteId, `/site-spaces/${ids[1]}/move`, org), { position: { before: at(ids[0]) } }],
        ['DELETE', s.sitePath(siteId, `/site-spaces/${ids[0]}`, org), undefined],
      ] as const;
    for (const [method, path, body] of writes(s.orgId)) {
      const res = await s.call(method, path, body, s.reader.token);
      expect({ method, status: res.status }).toEqual({ method, status: 403 });
    }
    for (const org of [s.orgId, s.strangerOrgId]) {
      for (const [method, path, body] of writes(org)) {
        const res = await s.call(method, path, body, s.stranger.token);
        expect({ method, path, status: res.status }).toEqual({ method, path, status: 404 });
      }
    }
    expect(await siteSpaces(siteId)).toEqual(before);
    expect((await s.call('PATCH', s.sitePath(siteId, '/site-spaces/nosuchsitespace'), { path: 'x' })).status).toBe(404);
    expect((await move(siteId, 'nosuchsitespace')).status).toBe(404);
  });
});
