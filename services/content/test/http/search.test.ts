import { newId } from '@dp/db';
import { componentOf, expectOfficialSchema, type ComponentCaller } from '@dp/testing';
import { ContentEvents } from '@dp/events';
import { contentService } from '../../src';
import { contentFixtures, type TestUser } from './fixtures';

/**
 * Space and organization search on content's own app (component level, docs/testing.md). The index follows the
 * live content through content's own handler of `content.revision.created`: the test feeds it the events the
 * merges wrote to the outbox, as the worker would, instead of waiting for a broker.
 */
const api = componentOf('srch', contentService);
const fixtures = contentFixtures(api);
const orgId = fixtures.orgId;
/** The owner's second organization, made in the organization search test through the gateway before. */
const searchOrgId = newId();
let owner: ComponentCaller;

beforeAll(() => {
  // Admin of both, as the gateway asserts them.
  owner = { user: fixtures.owner.id, roles: { [orgId]: 'admin', [searchOrgId]: 'admin' } };
});

const newSpace = async (org = orgId, as = owner, title = 'Docs') => (await api.call('POST', `/v1/orgs/${org}/spaces`, { as, body: { title } })).body;
const newCr = async (spaceId: string, as = owner) => (await api.call('POST', `/v1/spaces/${spaceId}/change-requests`, { as, body: { subject: 'Change' } })).body;
const author = async (spaceId: string, cr: string, changes: object[], as = owner): Promise<string[]> => {
  const res = await api.call('POST', `/v1/spaces/${spaceId}/change-requests/${cr}/content?compat=false`, { as, body: { changes } });
  expect(res.status).toBe(200);
  return res.body.changes.map((c: { page?: { id: string } }) => c.page?.id);
};
const merge = async (spaceId: string, cr: string, as = owner) => expect((await api.call('POST', `/v1/spaces/${spaceId}/change-requests/${cr}/merge`, { as })).status).toBe(200);
/** Authors `changes` in a new change request and merges it; returns the ids of the pages it names. */
const publish = async (spaceId: string, changes: object[], as = owner) => {
  const cr = await newCr(spaceId, as);
  const ids = await author(spaceId, cr.id, changes, as);
  await merge(spaceId, cr.id, as);
  return ids;
};
const insert = (title: string, markdown: string, into?: string) => ({ operation: 'insert_page', title, document: { markdown }, ...(into ? { into } : {}) });
const searchSpace = (spaceId: string, query: string, extra = '', as = owner) =>
  api.call('GET', `/v1/spaces/${spaceId}/search?query=${encodeURIComponent(query)}${extra}`, { as });
const searchOrg = (org: string, query: string, extra = '', as = owner) => api.call('GET', `/v1/orgs/${org}/search?query=${encodeURIComponent(query)}${extra}`, { as });
const ids = (body: { items: Array<{ id: string }> }) => body.items.map((i) => i.id);
/** What the worker does with the revisions in the outbox, oldest first: each fed to the indexing handler once (the inbox skips those already handled). */
const indexed = async () => {
  for (const event of await api.outbox(ContentEvents.REVISION_CREATED)) await api.handle(event);
};
/** Once the revisions written so far are indexed, the search answers with exactly these page ids (in this order). */
const searchFinds = async (spaceId: string, query: string, expected: string[]) => {
  await indexed();
  const res = await searchSpace(spaceId, query);
  expect(res.status).toBe(200);
  expect(ids(res.body)).toEqual(expected);
  return res.body;
};

describe('space search', () => {
  test('When pages are authored in a change request, Then they are found only once merged: by title, heading and body, title matches first', async () => {
    const space = await newSpace();
    const pending = await newCr(space.id);
    const [secrets] = await author(space.id, pending.id, [insert('Secrets', 'The zebrafish lives here.')]);

    const [kube, ops] = await publish(space.id, [
      insert('Kubernetes', 'Deploy clusters.\n\n## Scaling\n\nAdd nodes with the autoscaler.'),
      insert('Operations', 'We run kubernetes in production: kubernetes everywhere, kubernetes always.\n\n## Backups\n\nNightly snapshots of the database.'),
    ]);

    const found = await searchFinds(space.id, 'kubernetes', [kube, ops]);
    expect(found.count).toBe(2);
    for (const item of found.items) expectOfficialSchema('SearchPageResult', item);
    expect(found.items[0]).toMatchObject({ id: kube, title: 'Kubernetes', path: 'kubernetes', rank: 1, resultType: 'page', ancestors: [], description: '' });
    expect(found.items[0].urls.app).toMatch(new RegExp(`/s/${space.id}/kubernetes$`));
    expect(found.items[1]).toMatchObject({ id: ops, rank: 2, resultType: 'section', sections: [{ id: '', title: 'Operations', path: 'operations', resultType: 'section' }] });
    expect(found.items[1].sections[0].body).toContain('kubernetes');
    expect(found.items[0].score).toBeGreaterThan(found.items[1].score);

    // The change request's revision was never live: not searchable, even after another merge was indexed.
    expect((await searchSpace(space.id, 'zebrafish')).body).toEqual({ count: 0, items: [] });

    const heading = (await searchSpace(space.id, 'scaling')).body;
    expect(heading.items).toHaveLength(1);
    expect(heading.items[0]).toMatchObject({ id: kube, resultType: 'section' });
    expect(heading.items[0].sections).toEqual([
      { id: 'scaling', title: 'Scaling', path: 'kubernetes#scaling', score: expect.any(Number), resultType: 'section', body: 'Add nodes with the autoscaler.', urls: { app: expect.stringMatching(new RegExp(`/s/${space.id}/kubernetes#scaling$`)) } },
    ]);

    const body = (await searchSpace(space.id, 'database snapshot')).body; // stemming: "snapshots"
    expect(ids(body)).toEqual([ops]);
    expect(body.items[0].sections.map((s: { id: string }) => s.id)).toEqual(['backups']);
    expect(ids((await searchSpace(space.id, 'autosca')).body)).toEqual([kube]); // the last word is a prefix
    expect(ids((await searchSpace(space.id, 'kubernetes -production')).body)).toEqual([kube]);

    await merge(space.id, pending.id);
    await searchFinds(space.id, 'zebrafish', [secrets]);
  });

  test('When a later merge deletes a page or renames its parent, Then the page disappears or its path follows', async () => {
    const space = await newSpace();
    const [parent, gone] = await publish(space.id, [insert('Platform', 'Overview.'), insert('Legacy', 'Old walrus notes.')]);
    const [child] = await publish(space.id, [insert('Walrus guide', 'The walrus manual.', parent)]);
    await searchFinds(space.id, 'walrus', [child, gone]);

    await publish(space.id, [
      { operation: 'delete_page', page: gone },
      { operation: 'update_page', page: parent, title: 'Infrastructure', slug: 'infra' },
    ]);
    const after = await searchFinds(space.id, 'walrus', [child]);
    expect(after.items[0]).toMatchObject({ path: 'infra/walrus-guide', ancestors: [{ title: 'Infrastructure' }] });
    expect(after.count).toBe(1);
  });

  test('When text sits inside tabs, hints, expandables and steppers, or in a block kept as JSON, Then search finds it; tag names and attributes other than a title are not text', async () => {
    const space = await newSpace();
    const text = (value: string) => ({ object: 'text', leaves: [{ object: 'leaf', text: value, marks: [] }] });
    const paragraph = (value: string) => ({ object: 'block', type: 'paragraph', data: {}, nodes: [text(value)] });
    // An integration block has no markdown form: kept as JSON, its text still in the markdown (docs/adr/0072).
    const integration = { object: 'block', type: 'integration', isVoid: true, data: { integration: 'acme', block: 'widget', props: {} }, fragments: [] };
    const markdown = [
      '{% tabs %}\n{% tab title="Windows" %}\nRun the okapi installer.\n{% endtab %}\n{% endtabs %}',
      '{% hint style="warning" %}\nMind the narwhal.\n{% endhint %}',
      '<details>\n<summary>Axolotl facts</summary>\n\nThey regrow limbs.\n\n</details>',
      '{% stepper %}\n{% step %}\nFeed the quokka.\n{% endstep %}\n{% endstepper %}',
    ].join('\n\n');
    const [tagged, kept] = await publish(space.id, [
      insert('Zoo', markdown),
      { operation: 'insert_page', title: 'Kept', document: { document: { object: 'document', data: {}, nodes: [paragraph('A pangolin widget:'), integration] } } },
    ]);
    for (const word of ['okapi', 'windows', 'narwhal', 'axolotl', 'regrow', 'quokka']) await searchFinds(space.id, word, [tagged]);
    await searchFinds(space.id, 'pangolin', [kept]);
    for (const markup of ['warning', 'endtab', 'stepper', 'summary', 'details']) expect((await searchSpace(space.id, markup)).body.count).toBe(0);
  });

  test('When a page includes a reusable content, Then its text is found on that page, and a change to it alone is found after its merge (docs/adr/0109)', async () => {
    const space = await newSpace(orgId, owner, 'Shared text');
    const [page] = await publish(space.id, [
      { operation: 'insert_reusable_content', ref: 'notice', title: 'Notice', document: { markdown: 'Calibrate the flux capacitor.' } },
      insert('Machine', 'Read this first.\n\n{% include "./notice" %}'),
      insert('Other', 'Nothing shared here.'),
    ]);
    await searchFinds(space.id, 'capacitor', [page]);
    const reusable = (await api.call('GET', `/v1/spaces/${space.id}/content`, { as: owner })).body.reusableContents[0].id;
    await publish(space.id, [{ operation: 'update_reusable_content', reusableContent: reusable, document: { markdown: 'Polish the warp coil.' } }]);
    await searchFinds(space.id, 'coil', [page]);
    await searchFinds(space.id, 'capacitor', []);
  });

  test('When merges land in quick succession, Then the index ends on the latest content; a duplicated space is searchable too', async () => {
    const space = await newSpace();
    const [pageId] = await publish(space.id, [insert('Changing', 'version alpha')]);
    const words = ['bravo', 'charlie', 'delta', 'echo'];
    for (const word of words) await publish(space.id, [{ operation: 'update_page', page: pageId, document: { markdown: `version ${word}` } }]);
    await searchFinds(space.id, 'echo', [pageId]);
    for (const old of ['alpha', 'bravo', 'charlie', 'delta']) expect((await searchSpace(space.id, old)).body.count).toBe(0);

    const copy = await api.call('POST', `/v1/spaces/${space.id}/duplicate`, { as: owner });
    expect(copy.status).toBe(201);
    await indexed();
    const found = (await searchSpace(copy.body.id, 'echo')).body;
    expect(found.count).toBe(1);
    expect(found.items[0]).toMatchObject({ title: 'Changing', path: 'changing' });
    expect(found.items[0].id).not.toBe(pageId);
  });

  test('When the results span several pages of limit=1, Then each result is visited once, in rank order', async () => {
    const space = await newSpace();
    const created = await publish(space.id, Array.from({ length: 5 }, (_, i) => insert(`Topic ${i}`, `${'ocelot '.repeat(i + 1)}and more.`)));
    await indexed();
    expect((await searchSpace(space.id, 'ocelot')).body.count).toBe(5);

    const seen: Array<{ id: string; rank: number; score: number }> = [];
    let token: string | undefined;
    do {
      const res = await searchSpace(space.id, 'ocelot', `&limit=1${token ? `&page=${token}` : ''}`);
      expect(res.status).toBe(200);
      expect(res.body.count).toBe(5);
      expect(res.body.items).toHaveLength(1);
      seen.push(...res.body.items);
      token = res.body.next?.page;
    } while (token);
    expect(seen.map((s) => s.id).sort()).toEqual([...created].sort());
    expect(seen.map((s) => s.rank)).toEqual([1, 2, 3, 4, 5]);
    for (let i = 1; i < seen.length; i++) expect(seen[i].score).toBeLessThanOrEqual(seen[i - 1].score);
    const all = (await searchSpace(space.id, 'ocelot', '&limit=1000')).body;
    expect(ids(all)).toEqual(seen.map((s) => s.id));
    expect(all.next).toBeUndefined();
  });

  test('When the input is bad, Then it is 400; a caller from another organization gets 404', async () => {
    const space = await newSpace();
    const res = await api.call('GET', `/v1/spaces/${space.id}/search`, { as: owner });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/query/);
    expect((await searchSpace(space.id, 'x', '&limit=1001')).status).toBe(400);
    expect((await searchSpace(space.id, 'x', '&limit=0')).status).toBe(400);
    expect((await searchSpace(space.id, '   ')).status).toBe(400);
    expect((await searchSpace(space.id, 'x'.repeat(513))).status).toBe(400);
    expect((await searchSpace(space.id, 'x', '&page=not-a-token')).status).toBe(400);
    expect((await searchOrg(orgId, 'x', '&limit=1001')).status).toBe(400);
    expect((await api.call('GET', `/v1/orgs/${orgId}/search`, { as: owner })).status).toBe(400);
    // Queries made only of stop words or punctuation find nothing rather than failing.
    expect((await searchSpace(space.id, 'the "" & | ! :*')).body).toEqual({ count: 0, items: [] });

    const stranger = await fixtures.newUser('stranger', 'admin', newId());
    expect((await searchSpace(space.id, 'x', '', stranger.as)).status).toBe(404);
    expect((await searchOrg(orgId, 'x', '', stranger.as)).status).toBe(404);
  });
});

describe('organization search', () => {
  test('When several spaces match, Then results are grouped by space, only live spaces of that organization, restored ones again', async () => {
    const org = searchOrgId;
    const alpha = await newSpace(org, owner, 'Alpha');
    const beta = await newSpace(org, owner, 'Beta');
    const doomed = await newSpace(org, owner, 'Doomed');
    const otherOrg = newId();
    const other: TestUser = await fixtures.newUser('other', 'admin', otherOrg);
    const foreign = await newSpace(otherOrg, other.as, 'Foreign');

    const [a1, a2] = await publish(alpha.id, [insert('Capybara', 'All about the capybara.'), insert('Rodents', 'A capybara is a rodent.')]);
    const [b1] = await publish(beta.id, [insert('Zoo', 'We keep one capybara.')]);
    const [d1] = await publish(doomed.id, [insert('Capybara facts', 'capybara capybara')]);
    await publish(foreign.id, [insert('Capybara abroad', 'capybara')], other.as);
    await indexed();
    expect((await searchSpace(foreign.id, 'capybara', '', other.as)).body.count).toBe(1);

    const grouped = (await searchOrg(org, 'capybara')).body;
    expect(grouped.count).toBe(4);
    for (const item of grouped.items) expectOfficialSchema('SearchSpaceResult', item);
    const bySpace = Object.fromEntries(grouped.items.map((s: { id: string; pages: Array<{ id: string }> }) => [s.id, s.pages.map((p) => p.id)]));
    expect(Object.keys(bySpace).sort()).toEqual([alpha.id, beta.id, doomed.id].sort());
    expect(bySpace[alpha.id].sort()).toEqual([a1, a2].sort());
    expect(bySpace[beta.id]).toEqual([b1]);
    expect(grouped.items.find((s: { id: string }) => s.id === alpha.id)).toMatchObject({ type: 'space', title: 'Alpha' });
    const ranks = grouped.items.flatMap((s: { pages: Array<{ rank: number }> }) => s.pages.map((p) => p.rank)).sort();
    expect(ranks).toEqual([1, 2, 3, 4]);

    expect((await api.call('DELETE', `/v1/spaces/${doomed.id}`, { as: owner })).status).toBe(205);
    const withoutDeleted = (await searchOrg(org, 'capybara')).body;
    expect(withoutDeleted.count).toBe(3);
    expect(ids(withoutDeleted)).not.toContain(doomed.id);
    expect((await searchSpace(doomed.id, 'capybara')).status).toBe(404);

    // limit=1 visits each page result once, each in its space's group.
    const visited: string[] = [];
    let token: string | undefined;
    do {
      const res = await searchOrg(org, 'capybara', `&limit=1${token ? `&page=${token}` : ''}`);
      expect(res.body.items).toHaveLength(1);
      expect(res.body.items[0].pages).toHaveLength(1);
      visited.push(`${res.body.items[0].id}/${res.body.items[0].pages[0].id}`);
      token = res.body.next?.page;
    } while (token);
    expect(visited.sort()).toEqual([`${alpha.id}/${a1}`, `${alpha.id}/${a2}`, `${beta.id}/${b1}`].sort());

    expect((await api.call('POST', `/v1/spaces/${doomed.id}/restore`, { as: owner })).status).toBe(200);
    const restored = (await searchOrg(org, 'capybara')).body;
    expect(restored.count).toBe(4);
    expect(restored.items.find((s: { id: string }) => s.id === doomed.id).pages.map((p: { id: string }) => p.id)).toEqual([d1]);
  });
});
