import { componentOf, expectOfficialSchema } from '@dp/testing';
import { contentService } from '../../src';
import { contentFixtures } from './fixtures';

/** `revert_page` with `block`: the keys `format=document` shows name the blocks to bring back. */
const api = contentFixtures(componentOf('rvb', contentService));

type Block = { key: string; type: string; nodes: Array<{ leaves: Array<{ text: string }> }> };
const keyOf = (document: { nodes: Block[] }, text: string) => document.nodes.find((n) => n.nodes[0]?.leaves?.[0]?.text === text)!.key;

async function spaceWithGuide() {
  const space = (await api.call('POST', `/v1/orgs/${api.orgId}/spaces`, { title: 'Docs' })).body;
  const first = (await api.call('POST', `/v1/spaces/${space.id}/change-requests`, { subject: 'Guide' })).body;
  const inserted = await api.author(space.id, first.id, [{ operation: 'insert_page', document: { markdown: '# Guide\n\nIntro.\n\nStep one.\n\nStep two.\n' } }]);
  expect(inserted.status).toBe(200);
  expect((await api.call('POST', `/v1/spaces/${space.id}/change-requests/${first.id}/merge`)).status).toBe(200);
  const pageId = inserted.body.changes[0].page.id as string;
  const cr = (await api.call('POST', `/v1/spaces/${space.id}/change-requests`, { subject: 'Edits' })).body;
  return { space, pageId, cr };
}

describe('reverting blocks of a page', () => {
  test('When blocks named by their keys are reverted, Then only they come back as in the base revision; the other edits and the title stay', async () => {
    const { space, pageId, cr } = await spaceWithGuide();
    const edited = await api.author(space.id, cr.id, [
      { operation: 'update_page', page: pageId, title: 'Renamed', document: { markdown: '# Guide\n\nIntro, rewritten.\n\nStep two, changed.\n\nA new tip.\n' } },
    ]);
    expect(edited.status).toBe(200);
    const doc = await api.pageIn(space.id, cr.id, pageId, 'document');
    expectOfficialSchema('RevisionPage', doc.body);
    const reverted = await api.author(space.id, cr.id, [
      { operation: 'revert_page', page: pageId, block: [keyOf(doc.body.document, 'Intro, rewritten.'), keyOf(doc.body.document, 'A new tip.')] },
    ]);
    expect(reverted.status).toBe(200);
    expect(reverted.body.changes).toEqual([expect.objectContaining({ object: 'updated_page' })]);
    const page = await api.pageIn(space.id, cr.id, pageId, 'markdown');
    expect(page.body.markdown).toBe('# Guide\n\nIntro.\n\nStep two, changed.\n');
    expect(page.body.title).toBe('Renamed');
  });

  test('When a block deleted since is named by its key in the base revision, Then it is restored where it was', async () => {
    const { space, pageId, cr } = await spaceWithGuide();
    const base = await api.call('GET', `/v1/spaces/${space.id}/content/page/${pageId}?format=document`);
    expect((await api.author(space.id, cr.id, [{ operation: 'update_page', page: pageId, document: { markdown: '# Guide\n\nIntro.\n\nStep two.\n' } }])).status).toBe(200);
    const reverted = await api.author(space.id, cr.id, [{ operation: 'revert_page', page: pageId, block: [keyOf(base.body.document, 'Step one.')] }]);
    expect(reverted.status).toBe(200);
    expect((await api.pageIn(space.id, cr.id, pageId, 'markdown')).body.markdown).toBe('# Guide\n\nIntro.\n\nStep one.\n\nStep two.\n');
  });

  test('When a key is unknown or the page is new since the revision, Then 400 and nothing is written', async () => {
    const { space, pageId, cr } = await spaceWithGuide();
    const before = (await api.call('GET', `/v1/spaces/${space.id}/change-requests/${cr.id}`)).body.revision;
    const unknown = await api.author(space.id, cr.id, [{ operation: 'revert_page', page: pageId, block: ['bnotablock'] }]);
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toMatch(/bnotablock/);
    const added = await api.author(space.id, cr.id, [{ operation: 'insert_page', document: { markdown: 'New page.' } }]);
    const addedId = added.body.changes[0].page.id as string;
    const afterInsert = (await api.call('GET', `/v1/spaces/${space.id}/change-requests/${cr.id}`)).body.revision;
    const onNew = await api.author(space.id, cr.id, [{ operation: 'revert_page', page: addedId, block: ['bwhatever'] }]);
    expect(onNew.status).toBe(400);
    expect((await api.call('GET', `/v1/spaces/${space.id}/change-requests/${cr.id}`)).body.revision).toBe(afterInsert);
    expect(afterInsert).not.toBe(before);
  });
});
