import { SitesEvents } from '@dp/events';
import { bootStructureStack, type StructureStack } from '../support/site-structure';

/**
 * Section groups through the gateway (docs/adr/0038): created with sections, renamed, moved among the root's
 * sections and groups, sections added and removed, deleted with their sections going back to the root.
 * Adding and removing a group's sections are operations of the official 0.167.0 release.
 */
let s: StructureStack;
beforeAll(async () => {
  s = await bootStructureStack();
}, 120_000);
afterAll(() => s?.stack.release());

const groups = (siteId: string, token?: string) => s.items(s.sitePath(siteId, '/section-groups'), token);
const sections = (siteId: string) => s.items(s.sitePath(siteId, '/sections'));
/** The root of the site as the sections list shows it: a grouped section as `group/title`. */
const outline = async (siteId: string) => {
  const names = new Map((await groups(siteId)).map((g) => [g.id, g.title]));
  return (await sections(siteId)).map((x) => (x.sectionGroup ? `${names.get(x.sectionGroup)}/${x.title}` : x.title));
};
const newGroup = async (siteId: string, body: object) => {
  const res = await s.call('POST', s.sitePath(siteId, '/section-groups'), body);
  expect(res.status).toBe(201);
  return res.body;
};

async function siteWithSections(names: string[]) {
  const siteId = await s.newSite();
  const ids: string[] = [];
  for (const title of names) {
    const res = await s.call('POST', s.sitePath(siteId, '/sections'), { spaceId: await s.newSpace(`${title} space`), title });
    expect(res.status).toBe(201);
    ids.push(res.body.id);
  }
  return { siteId, ids };
}

describe('section groups', () => {
  test('When a group is created with sections, Then they move into it in the order given, it comes last at the root, and it lists them as sections and children', async () => {
    const { siteId, ids } = await siteWithSections(['Alpha', 'Bravo', 'Charlie']);
    const res = await s.call('POST', s.sitePath(siteId, '/section-groups'), { title: 'Products', icon: 'box', sections: [ids[2], ids[0]] });
    expect(res.status).toBe(201);
    expect(res.headers.get('location')).toMatch(new RegExp(`/section-groups/${res.body.id}$`));
    expect(res.body).toMatchObject({ object: 'site-section-group', title: 'Products', icon: 'box', draft: false });
    expect(res.body.sections.map((x: any) => [x.title, x.sectionGroup])).toEqual([
      ['Charlie', res.body.id],
      ['Alpha', res.body.id],
    ]);
    expect(res.body.children).toEqual(res.body.sections);
    expect(await outline(siteId)).toEqual(['Bravo', 'Products/Charlie', 'Products/Alpha']);
    expect((await s.events(siteId, SitesEvents.SITE_SECTION_GROUP_CREATED)).map((e) => e.data)).toEqual([
      { siteSectionGroupId: res.body.id, siteId, organizationId: s.orgId, title: 'Products' },
    ]);
    expect((await groups(siteId)).map((g) => g.id)).toEqual([res.body.id]);
  });

  test('When a group is created with a section of another site, Then it is a 400 naming it and nothing is created', async () => {
    const { siteId, ids } = await siteWithSections(['Alpha']);
    const other = await siteWithSections(['Elsewhere']);
    const res = await s.call('POST', s.sitePath(siteId, '/section-groups'), { title: 'Mixed', sections: [ids[0], other.ids[0]] });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/^body\.sections\[1\]/);
    expect(await groups(siteId)).toEqual([]);
    expect(await outline(siteId)).toEqual(['Alpha']);
  });

  test('When a group is patched, Then its title and icon change; null removes the icon', async () => {
    const { siteId } = await siteWithSections(['Alpha']);
    const group = await newGroup(siteId, { title: 'Old', icon: 'box' });
    const res = await s.call('PATCH', s.sitePath(siteId, `/section-groups/${group.id}`), { title: 'New', icon: null });
    expect(res.status).toBe(200);
    expect(res.body.title).toBe('New');
    expect(res.body.icon).toBeUndefined();
    for (const body of [{}, { title: '' }, { title: 'x'.repeat(101) }, { colour: 'red' }, { icon: 'x'.repeat(51) }]) {
      const bad = await s.call('PATCH', s.sitePath(siteId, `/section-groups/${group.id}`), body);
      expect(bad.status).toBe(400);
      expect(bad.body.error.message).toMatch(/^body/);
    }
    expect((await groups(siteId))[0].title).toBe('New');
  });

  test('When sections are added to and removed from a group, Then they go last into it, and back to the root right after it', async () => {
    const { siteId, ids } = await siteWithSections(['Alpha', 'Bravo', 'Charlie']);
    const group = await newGroup(siteId, { title: 'G', sections: [ids[0]] });
    const added = await s.call('POST', s.sitePath(siteId, `/section-groups/${group.id}/sections`), { sectionId: ids[2] });
    expect(added.status).toBe(201);
    expect(added.body.sections.map((x: any) => x.title)).toEqual(['Alpha', 'Charlie']);
    expect(await outline(siteId)).toEqual(['Bravo', 'G/Alpha', 'G/Charlie']);
    // Adding it again changes nothing.
    expect((await s.call('POST', s.sitePath(siteId, `/section-groups/${group.id}/sections`), { sectionId: ids[2] })).body.sections).toHaveLength(2);

    const g2 = await newGroup(siteId, { title: 'H' });
    expect((await s.call('POST', s.sitePath(siteId, `/section-groups/${g2.id}/sections`), { sectionId: ids[0] })).status).toBe(201);
    expect(await outline(siteId)).toEqual(['Bravo', 'G/Charlie', 'H/Alpha']);

    expect((await s.call('DELETE', s.sitePath(siteId, `/section-groups/${group.id}/sections/${ids[2]}`))).status).toBe(205);
    expect(await outline(siteId)).toEqual(['Bravo', 'Charlie', 'H/Alpha']);
    // Not in the group (any more), or unknown: 204.
    expect((await s.call('DELETE', s.sitePath(siteId, `/section-groups/${group.id}/sections/${ids[2]}`))).status).toBe(204);
    expect((await s.call('DELETE', s.sitePath(siteId, `/section-groups/${group.id}/sections/nosuchsection`))).status).toBe(204);

    const unknown = await s.call('POST', s.sitePath(siteId, `/section-groups/${group.id}/sections`), { sectionId: 'nosuchsection' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toMatch(/^body\.sectionId/);
    expect((await s.call('POST', s.sitePath(siteId, '/section-groups/nosuchgroup/sections'), { sectionId: ids[1] })).status).toBe(404);
    expect((await s.call('DELETE', s.sitePath(siteId, `/section-groups/nosuchgroup/sections/${ids[1]}`))).status).toBe(404);
  });

  test('When groups move among the sections and groups of the root, Then the structure follows; a section moves within its group only', async () => {
    const { siteId, ids } = await siteWithSections(['Alpha', 'Bravo', 'Charlie', 'Delta']);
    const g = await newGroup(siteId, { title: 'G', sections: [ids[2], ids[3]] });
    const h = await newGroup(siteId, { title: 'H' });
    expect(await outline(siteId)).toEqual(['Alpha', 'Bravo', 'G/Charlie', 'G/Delta']);
    const moved = await s.call('POST', s.sitePath(siteId, `/section-groups/${g.id}/move`), { position: { before: { type: 'site-section', id: ids[0] } } });
    expect(moved.status).toBe(200);
    expect(moved.body.id).toBe(g.id);
    expect(await outline(siteId)).toEqual(['G/Charlie', 'G/Delta', 'Alpha', 'Bravo']);
    await s.call('POST', s.sitePath(siteId, `/section-groups/${h.id}/move`), { position: { before: { type: 'site-section-group', id: g.id } } });
    expect((await groups(siteId)).map((x) => x.title)).toEqual(['H', 'G']);
    await s.call('POST', s.sitePath(siteId, `/section-groups/${g.id}/move`), {});
    expect(await outline(siteId)).toEqual(['Alpha', 'Bravo', 'G/Charlie', 'G/Delta']);

    const inGroup = await s.call('POST', s.sitePath(siteId, `/sections/${ids[3]}/move`), { position: { before: { type: 'site-section', siteSection: ids[2] } } });
    expect(inGroup.status).toBe(200);
    expect(await outline(siteId)).toEqual(['Alpha', 'Bravo', 'G/Delta', 'G/Charlie']);
    const across = await s.call('POST', s.sitePath(siteId, `/sections/${ids[3]}/move`), { position: { before: { type: 'site-section', siteSection: ids[0] } } });
    expect(across.status).toBe(400);
    expect(across.body.error.message).toMatch(/^body\.position\.before/);
    const sectionInGroup = await s.call('POST', s.sitePath(siteId, `/section-groups/${h.id}/move`), { position: { after: { type: 'site-section', id: ids[2] } } });
    expect(sectionInGroup.status).toBe(400);
    expect(await outline(siteId)).toEqual(['Alpha', 'Bravo', 'G/Delta', 'G/Charlie']);
  });

  test('When a group is deleted, Then its sections go back to the root where it was, in their order, and nothing else is deleted', async () => {
    const { siteId, ids } = await siteWithSections(['Alpha', 'Bravo', 'Charlie']);
    const g = await newGroup(siteId, { title: 'G', sections: [ids[1], ids[0]] });
    await s.call('POST', s.sitePath(siteId, `/section-groups/${g.id}/move`), { position: { before: { type: 'site-section', id: ids[2] } } });
    expect(await outline(siteId)).toEqual(['G/Bravo', 'G/Alpha', 'Charlie']);
    expect((await s.call('DELETE', s.sitePath(siteId, `/section-groups/${g.id}`))).status).toBe(205);
    expect(await outline(siteId)).toEqual(['Bravo', 'Alpha', 'Charlie']);
    expect(await groups(siteId)).toEqual([]);
    expect((await s.call('GET', s.sitePath(siteId))).body.siteSpaces).toBe(3);
    expect((await s.call('DELETE', s.sitePath(siteId, `/section-groups/${g.id}`))).status).toBe(204);
    expect((await s.events(siteId, SitesEvents.SITE_SECTION_GROUP_DELETED)).map((e) => e.data.siteSectionGroupId)).toEqual([g.id]);
  });

  test('When the section in a group is deleted and a site gets its first section into a group, Then the group stays and the structure is right', async () => {
    const siteId = await s.newSite([await s.newSpace('Existing')]);
    const g = await newGroup(siteId, { title: 'G' });
    const res = await s.call('POST', s.sitePath(siteId, '/sections'), { spaceId: await s.newSpace('Grouped'), siteSectionGroupId: g.id });
    expect(res.status).toBe(201);
    expect(await outline(siteId)).toEqual(['G/Grouped', 'Existing']);
    expect((await sections(siteId)).map((x) => x.default)).toEqual([false, true]);
    expect((await s.call('DELETE', s.sitePath(siteId, `/sections/${res.body.id}`))).status).toBe(205);
    expect((await groups(siteId)).map((x) => x.sections)).toEqual([[]]);
  });

  test('When a read member or a stranger works on groups, Then reads are allowed to the member, changes are a 403, and the stranger gets 404s', async () => {
    const { siteId, ids } = await siteWithSections(['Alpha']);
    const g = await newGroup(siteId, { title: 'G', sections: [ids[0]] });
    const before = await groups(siteId);
    expect((await groups(siteId, s.reader.token)).map((x) => x.id)).toEqual(before.map((x) => x.id));
    const writes = (org: string) =>
      [
        ['POST', s.sitePath(siteId, '/section-groups', org), { title: 'Mine' }],
        ['PATCH', s.sitePath(siteId, `/section-groups/${g.id}`, org), { title: 'Mine' }],
        ['POST', s.sitePath(siteId, `/section-groups/${g.id}/move`, org), {}],
        ['POST', s.sitePath(siteId, `/section-groups/${g.id}/sections`, org), { sectionId: ids[0] }],
        ['DELETE', s.sitePath(siteId, `/section-groups/${g.id}/sections/${ids[0]}`, org), undefined],
        ['DELETE', s.sitePath(siteId, `/section-groups/${g.id}`, org), undefined],
      ] as const;
    for (const [method, path, body] of writes(s.orgId)) {
      const res = await s.call(method, path, body, s.reader.token);
      expect({ method, path, status: res.status }).toEqual({ method, path, status: 403 });
    }
    for (const org of [s.orgId, s.strangerOrgId]) {
      for (const [method, path, body] of [['GET', s.sitePath(siteId, '/section-groups', org), undefined] as const, ...writes(org)]) {
        const res = await s.call(method, path, body, s.stranger.token);
        expect({ method, path, status: res.status }).toEqual({ method, path, status: 404 });
      }
    }
    expect(await groups(siteId)).toEqual(before);
  });
});
