import { newId } from '@dp/db';
import { componentOf, expectOfficialSchema } from '@dp/testing';
import { contentService } from '../../src';
import { contentFixtures } from './fixtures';

/**
 * Reusable contents on content's app (docs/adr/0109): written by our batch operations beside the official ones,
 * included by pages with GitBook's `{% include %}` (the official `reusable-content` block), read by the official
 * operations under live content, a change request and a revision. Every answer is checked against its official schema.
 */
const api = componentOf('reuse', contentService);
const fixtures = contentFixtures(api);

let spaceId: string;
let crId: string;
let warning: { id: string; title: string; document: string };
let steps: { id: string };
let pageId: string;
const hint = { object: 'block', type: 'hint', data: { style: 'warning' }, nodes: [{ object: 'block', type: 'paragraph', nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: 'Back up first.', marks: [] }] }] }] };

beforeAll(async () => {
  spaceId = (await fixtures.call('POST', `/v1/orgs/${fixtures.orgId}/spaces`, { title: 'Reused' })).body.id;
  crId = (await fixtures.call('POST', `/v1/spaces/${spaceId}/change-requests`, { subject: 'Snippets' })).body.id;
});

describe('writing reusable contents in a change request', () => {
  test('When a batch inserts reusable contents and a page includes one by ref, Then the revision lists them and the page names it', async () => {
    const res = await fixtures.author(spaceId, crId, [
      { operation: 'insert_reusable_content', ref: 'warning', title: 'Warning', document: { document: { object: 'document', data: {}, nodes: [hint] } } },
      { operation: 'insert_reusable_content', title: 'Steps', document: { markdown: '1. Stop\n2. Upgrade' } },
      { operation: 'insert_page', ref: 'upgrade', title: 'Upgrade', document: { markdown: 'Before you start:\n\n{% include "./warning" %}' } },
    ]);
    expect(res.status).toBe(200);
    // The official answer names pages only: the new ids are read from the change request's revision.
    [warning, steps] = (await fixtures.call('GET', `/v1/spaces/${spaceId}/change-requests/${crId}/content`)).body.reusableContents;
    expect(warning).toEqual({ id: expect.any(String), title: 'Warning', document: expect.any(String) });
    expectOfficialSchema('RevisionReusableContent', warning);
    pageId = res.body.changes[0].page.id;
    const markdown = (await fixtures.pageIn(spaceId, crId, pageId, 'markdown')).body.markdown;
    expect(markdown).toBe(`Before you start:\n\n{% include "/reusable-contents/${warning.id}" %}`);
    const document = (await fixtures.pageIn(spaceId, crId, pageId, 'document')).body.document;
    expect(document.nodes[1]).toMatchObject({ object: 'block', type: 'reusable-content', isVoid: true, data: { ref: { kind: 'reusable-content', reusableContent: warning.id } } });
  });

  test('When the change request is read, Then its revision lists them and each reads by id; the change request changes name them', async () => {
    const revision = (await fixtures.call('GET', `/v1/spaces/${spaceId}/change-requests/${crId}/content`)).body;
    expect(revision.reusableContents).toEqual([warning, { id: steps.id, title: 'Steps', document: expect.any(String) }]);
    expect((await fixtures.call('GET', `/v1/spaces/${spaceId}/change-requests/${crId}/content/reusable-contents/${warning.id}`)).body).toEqual(warning);
    const changes = (await fixtures.call('GET', `/v1/spaces/${spaceId}/change-requests/${crId}/changes`)).body.changes;
    expect(changes.filter((c: { type: string }) => c.type.startsWith('reusable_content'))).toEqual([
      { type: 'reusable_content_created', reusableContent: warning },
      { type: 'reusable_content_created', reusableContent: { id: steps.id, title: 'Steps', document: expect.any(String) } },
    ]);
  });

  test('When a batch names a reusable content badly, Then it is a 400 saying which change, and nothing is written', async () => {
    const before = (await fixtures.call('GET', `/v1/spaces/${spaceId}/change-requests/${crId}`)).body.revision;
    for (const change of [
      { operation: 'insert_reusable_content', document: {} },
      { operation: 'insert_reusable_content', title: ' ', document: {} },
      { operation: 'update_reusable_content', reusableContent: warning.id, colour: 'red' },
      { operation: 'delete_reusable_content' },
    ]) {
      expect((await fixtures.author(spaceId, crId, [change])).status).toBe(400);
    }
    const unknown = await fixtures.author(spaceId, crId, [{ operation: 'update_reusable_content', reusableContent: 'nope', title: 'X' }]);
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toBe('body.changes[0] (update_reusable_content): reusable content nope does not exist in this change request');
    expect((await fixtures.call('GET', `/v1/spaces/${spaceId}/change-requests/${crId}`)).body.revision).toBe(before);
  });
});

describe('reading them once merged', () => {
  let revisionId: string;
  beforeAll(async () => {
    expect((await fixtures.call('POST', `/v1/spaces/${spaceId}/change-requests/${crId}/merge`)).status).toBe(200);
    revisionId = (await fixtures.call('GET', `/v1/spaces/${spaceId}`)).body.revision;
  });

  test('When the live content and a revision are read, Then each reusable content reads by id, and its document at the revision is the one written', async () => {
    expect((await fixtures.call('GET', `/v1/spaces/${spaceId}/content/reusable-contents/${warning.id}`)).body).toEqual(warning);
    expect((await fixtures.call('GET', `/v1/spaces/${spaceId}/revisions/${revisionId}/reusable-contents/${warning.id}`)).body).toEqual(warning);
    const document = await fixtures.call('GET', `/v1/spaces/${spaceId}/revisions/${revisionId}/reusable-contents/${warning.id}/document`);
    expect(document.status).toBe(200);
    expect(document.body).toMatchObject({ object: 'document', nodes: [{ type: 'hint', data: { style: 'warning' } }] });
    const markdownWritten = await fixtures.call('GET', `/v1/spaces/${spaceId}/revisions/${revisionId}/reusable-contents/${steps.id}/document`);
    expect(markdownWritten.body.nodes).toMatchObject([{ type: 'list-ordered' }]);
  });

  test('When a page is read dereferenced, Then its include is the reusable content itself, as JSON and as markdown; by default it is the block', async () => {
    const page = (query: string) => fixtures.call('GET', `/v1/spaces/${spaceId}/content/page/${pageId}?${query}`);
    expect((await page('dereferenced=true')).body.document.nodes).toMatchObject([{ type: 'paragraph' }, { type: 'hint', data: { style: 'warning' } }]);
    expect((await page('format=markdown&dereferenced=reusable-contents')).body.markdown).toBe('Before you start:\n\n{% hint style="warning" %}\nBack up first.\n{% endhint %}');
    expect((await page('')).body.document.nodes[1]).toMatchObject({ type: 'reusable-content' });
    const atRevision = await fixtures.call('GET', `/v1/spaces/${spaceId}/revisions/${revisionId}/page/${pageId}/document?dereferenced=true`);
    expect(atRevision.body.nodes.map((n: { type: string }) => n.type)).toEqual(['paragraph', 'hint']);
    expect((await page('dereferenced=sometimes')).status).toBe(400);
  });

  test('When an id is unknown, or the caller may not see the space, Then it is a 404; a reader reads them', async () => {
    for (const path of [`/v1/spaces/${spaceId}/content/reusable-contents/nope`, `/v1/spaces/${spaceId}/revisions/${revisionId}/reusable-contents/nope/document`]) {
      const res = await fixtures.call('GET', path);
      expect(res.status).toBe(404);
    }
    const stranger = await fixtures.newUser('stranger', 'admin', newId());
    expect((await api.call('GET', `/v1/spaces/${spaceId}/content/reusable-contents/${warning.id}`, { as: stranger.as })).status).toBe(404);
    const reader = await fixtures.newUser('reader', 'read');
    expect((await api.call('GET', `/v1/spaces/${spaceId}/content/reusable-contents/${warning.id}`, { as: reader.as })).body).toEqual(warning);
  });

  test('When a later change request edits one and deletes the other, Then its changes say so and the live content follows its merge', async () => {
    const next = (await fixtures.call('POST', `/v1/spaces/${spaceId}/change-requests`, { subject: 'Edit snippets' })).body.id;
    const res = await fixtures.author(spaceId, next, [
      { operation: 'update_reusable_content', reusableContent: warning.id, title: 'Careful', document: { markdown: 'Back up twice.' } },
      { operation: 'delete_reusable_content', reusableContent: steps.id },
    ]);
    expect(res.status).toBe(200);
    const changes = (await fixtures.call('GET', `/v1/spaces/${spaceId}/change-requests/${next}/changes`)).body.changes;
    expect(changes).toEqual([
      { type: 'reusable_content_edited', reusableContent: { id: warning.id, title: 'Careful', document: expect.any(String) }, attributes: { title: { before: 'Warning', after: 'Careful' }, document: { before: warning.document, after: expect.any(String) } } },
      { type: 'reusable_content_deleted', reusableContent: { id: steps.id, title: 'Steps', document: expect.any(String) } },
    ]);
    expect((await fixtures.call('POST', `/v1/spaces/${spaceId}/change-requests/${next}/merge`)).status).toBe(200);
    expect((await fixtures.call('GET', `/v1/spaces/${spaceId}/content`)).body.reusableContents).toEqual([{ id: warning.id, title: 'Careful', document: expect.any(String) }]);
    expect((await fixtures.call('GET', `/v1/spaces/${spaceId}/content/reusable-contents/${steps.id}`)).status).toBe(404);
  });
});
