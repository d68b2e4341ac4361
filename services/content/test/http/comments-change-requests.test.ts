import { ContentEvents } from '@dp/events';
import { expectOfficialSchema } from '@dp/testing';
import { commentsComponent } from './comments-support';

/** Comments on a change request, on content's own app (component level, docs/testing.md); its commenters as members: test/e2e/content-comments.test.ts. */
const c = commentsComponent('cmc');

const crBase = (spaceId: string, cr: string | number) => `/v1/spaces/${spaceId}/change-requests/${cr}`;
const crCounter = async (spaceId: string, cr: string) => (await c.call(c.owner, 'GET', crBase(spaceId, cr))).body.comments;
const spaceCounter = async (spaceId: string) => (await c.call(c.owner, 'GET', `/v1/spaces/${spaceId}`)).body.comments;

describe('change request comments', () => {
  test('When a comment is posted on a change request, Then it targets it, is official, is announced, and counts on the change request only', async () => {
    const space = await c.newSpace();
    const cr = await c.newChangeRequest(space.id);
    const posted = await c.call(c.commenter, 'POST', `${crBase(space.id, cr.id)}/comments`, { body: { markdown: 'Typo in the title' } });
    expect(posted.status).toBe(200);
    expectOfficialSchema('Comment', posted.body);
    expect(posted.body).toMatchObject({ status: 'open', target: { space: space.id, changeRequest: cr.id, revision: space.revision }, postedBy: { id: c.commenter.id } });
    expect(posted.body.urls.location).toMatch(new RegExp(`${crBase(space.id, cr.id)}/comments/${posted.body.id}$`));

    const crJson = await c.call(c.owner, 'GET', crBase(space.id, cr.id));
    expectOfficialSchema('ChangeRequest', crJson.body);
    expect(crJson.body.comments).toBe(1);
    const listedCrs = await c.call(c.owner, 'GET', `/v1/spaces/${space.id}/change-requests?status=draft`);
    expect(listedCrs.body.items.find((x: { id: string }) => x.id === cr.id).comments).toBe(1);
    expect(await spaceCounter(space.id)).toBe(0);

    const events = await c.outbox(ContentEvents.COMMENT_CREATED, space.id);
    expect(events.map((e) => e.data)).toEqual([{ commentId: posted.body.id, spaceId: space.id, organizationId: c.orgId, changeRequestId: cr.id, postedBy: c.commenter.id }]);

    const byNumber = await c.call(c.owner, 'GET', `${crBase(space.id, cr.number)}/comments/${posted.body.id}`);
    expect(byNumber.status).toBe(200);
    expect(byNumber.body.id).toBe(posted.body.id);

    const resolved = await c.call(c.commenter, 'PUT', `${crBase(space.id, cr.id)}/comments/${posted.body.id}`, { resolved: true });
    expect(resolved.status).toBe(200);
    expectOfficialSchema('Comment', resolved.body);
    expect(await crCounter(space.id, cr.id)).toBe(0);
    await c.call(c.admin, 'PUT', `${crBase(space.id, cr.id)}/comments/${posted.body.id}`, { resolved: false });
    expect(await crCounter(space.id, cr.id)).toBe(1);
  });

  test('When a comment is reached through the other path, Then it is 404 (and a delete there removes nothing)', async () => {
    const space = await c.newSpace();
    const cr = await c.newChangeRequest(space.id);
    const other = await c.newChangeRequest(space.id);
    const onCr = (await c.call(c.owner, 'POST', `${crBase(space.id, cr.id)}/comments`, { body: { markdown: 'On the change request' } })).body;
    const onSpace = (await c.call(c.owner, 'POST', `/v1/spaces/${space.id}/comments`, { body: { markdown: 'On the space' } })).body;

    expect((await c.call(c.owner, 'GET', `/v1/spaces/${space.id}/comments/${onCr.id}`)).status).toBe(404);
    expect((await c.call(c.owner, 'GET', `${crBase(space.id, other.id)}/comments/${onCr.id}`)).status).toBe(404);
    expect((await c.call(c.owner, 'GET', `${crBase(space.id, cr.id)}/comments/${onSpace.id}`)).status).toBe(404);
    expect((await c.call(c.owner, 'PUT', `/v1/spaces/${space.id}/comments/${onCr.id}`, { resolved: true })).status).toBe(404);
    expect((await c.call(c.owner, 'POST', `/v1/spaces/${space.id}/comments/${onCr.id}/replies`, { body: { markdown: 'x' } })).status).toBe(404);
    expect((await c.call(c.owner, 'DELETE', `/v1/spaces/${space.id}/comments/${onCr.id}`)).status).toBe(204);
    expect((await c.call(c.owner, 'GET', `${crBase(space.id, cr.id)}/comments/${onCr.id}`)).status).toBe(200);

    const spaceList = await c.call(c.owner, 'GET', `/v1/spaces/${space.id}/comments`);
    expect(spaceList.body.items.map((i: { id: string }) => i.id)).toEqual([onSpace.id]);
    const crList = await c.call(c.owner, 'GET', `${crBase(space.id, cr.id)}/comments`);
    expect(crList.body.items.map((i: { id: string }) => i.id)).toEqual([onCr.id]);
    expect((await c.call(c.owner, 'GET', `${crBase(space.id, other.id)}/comments`)).body).toEqual({ count: 0, items: [] });
    expect((await c.call(c.owner, 'GET', `${crBase(space.id, 'nope')}/comments`)).status).toBe(404);
    expect((await c.call(c.owner, 'POST', `${crBase(space.id, 'nope')}/comments`, { body: { markdown: 'x' } })).status).toBe(404);
  });

  test('When a comment targets a page of the change request, Then the page must be in its content, not the live one', async () => {
    const space = await c.newSpace();
    const cr = await c.newChangeRequest(space.id);
    const authored = await c.call(c.owner, 'POST', `${crBase(space.id, cr.id)}/content?compat=false`, { changes: [{ operation: 'insert_page', title: 'Draft page', document: { markdown: 'New text.' } }] });
    const pageId = authored.body.changes[0].page.id;
    const onCr = await c.call(c.commenter, 'POST', `${crBase(space.id, cr.id)}/comments`, { body: { markdown: 'Nice' }, page: pageId });
    expect(onCr.status).toBe(200);
    expect(onCr.body.target).toMatchObject({ changeRequest: cr.id, revision: authored.body.changeRequest.revision, page: { id: pageId } });
    expectOfficialSchema('Comment', onCr.body);
    expect((await c.call(c.commenter, 'POST', `/v1/spaces/${space.id}/comments`, { body: { markdown: 'Nice' }, page: pageId })).status).toBe(400);
    const filtered = await c.call(c.owner, 'GET', `${crBase(space.id, cr.id)}/comments?targetPage=${pageId}`);
    expect(filtered.body.count).toBe(1);
  });

  test('When replies on a change request comment are listed, edited and deleted, Then they stay in that thread', async () => {
    const space = await c.newSpace();
    const cr = await c.newChangeRequest(space.id);
    const comment = (await c.call(c.owner, 'POST', `${crBase(space.id, cr.id)}/comments`, { body: { markdown: 'Why?' } })).body;
    const base = `${crBase(space.id, cr.id)}/comments/${comment.id}/replies`;
    const reply = await c.call(c.commenter, 'POST', base, { body: { markdown: 'Because' } });
    expect(reply.status).toBe(200);
    expectOfficialSchema('CommentReply', reply.body);
    expect(reply.body.urls.location).toMatch(new RegExp(`${base}/${reply.body.id}$`));
    const listed = await c.call(c.reader, 'GET', base);
    expect(listed.status).toBe(200);
    expect(listed.body.items).toEqual([{ ...reply.body, permissions: { view: true, edit: false, reply: false, delete: false } }]);
    expect((await c.call(c.owner, 'GET', `/v1/spaces/${space.id}/comments/${comment.id}/replies/${reply.body.id}`)).status).toBe(404);

    const edited = await c.call(c.commenter, 'PUT', `${base}/${reply.body.id}`, { body: { markdown: 'Because it is' }, addedReactions: ['👀'] });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ body: { markdown: 'Because it is' }, reactions: [{ emoji: '👀', count: 1 }] });
    const read = await c.call(c.owner, 'GET', `${base}/${reply.body.id}?format=document`);
    expectOfficialSchema('CommentReply', read.body);
    expect(read.body.body.document.nodes).toHaveLength(1);
    expect((await c.call(c.reader, 'PUT', `${base}/${reply.body.id}`, { addedReactions: ['👀'] })).status).toBe(403);
    expect((await c.call(c.owner, 'DELETE', `${base}/${reply.body.id}`)).status).toBe(205);
    expect((await c.call(c.owner, 'DELETE', `${base}/${reply.body.id}`)).status).toBe(204);
    expect((await c.call(c.owner, 'GET', base)).body.count).toBe(0);
  });

  test('When a reader posts on a change request, or a stranger reaches it, Then it is 403 and 404', async () => {
    const space = await c.newSpace();
    const cr = await c.newChangeRequest(space.id);
    const comment = (await c.call(c.owner, 'POST', `${crBase(space.id, cr.id)}/comments`, { body: { markdown: 'Hello' } })).body;
    expect((await c.call(c.reader, 'POST', `${crBase(space.id, cr.id)}/comments`, { body: { markdown: 'Hi' } })).status).toBe(403);
    expect((await c.call(c.reader, 'PUT', `${crBase(space.id, cr.id)}/comments/${comment.id}`, { resolved: true })).status).toBe(403);
    expect((await c.call(c.reader, 'GET', `${crBase(space.id, cr.id)}/comments`)).status).toBe(200);
    expect((await c.call(c.stranger, 'GET', `${crBase(space.id, cr.id)}/comments`)).status).toBe(404);
    expect((await c.call(c.stranger, 'GET', `${crBase(space.id, cr.id)}/comments/${comment.id}`)).status).toBe(404);
    expect((await c.call(c.stranger, 'POST', `${crBase(space.id, cr.id)}/comments/${comment.id}/replies`, { body: { markdown: 'x' } })).status).toBe(404);
  });

  test('When many comments are open on a change request, Then its counter and the status filter agree, page after page', async () => {
    const space = await c.newSpace();
    const cr = await c.newChangeRequest(space.id);
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) ids.push((await c.call(c.commenter, 'POST', `${crBase(space.id, cr.id)}/comments`, { body: { markdown: `#${i}` } })).body.id);
    for (const id of ids.slice(0, 3)) await c.call(c.commenter, 'PUT', `${crBase(space.id, cr.id)}/comments/${id}`, { resolved: true });
    expect(await crCounter(space.id, cr.id)).toBe(4);
    const seen: string[] = [];
    let page: string | undefined;
    do {
      const res = await c.call(c.owner, 'GET', `${crBase(space.id, cr.id)}/comments?status=open&order=asc&limit=3${page ? `&page=${page}` : ''}`);
      expect(res.body.count).toBe(4);
      seen.push(...res.body.items.map((i: { id: string }) => i.id));
      page = res.body.next?.page;
    } while (page);
    expect(seen).toEqual(ids.slice(3));
  });
});
