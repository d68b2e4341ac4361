import { ContentEvents } from '@dp/events';
import { expectOfficialSchema } from '@dp/testing';
import { commentsComponent, type User } from './comments-support';

/** Comments on a space, on content's own app (component level, docs/testing.md); who posted, listed as members: test/e2e/content-comments.test.ts. */
const c = commentsComponent('cms');

const post = (user: User, spaceId: string, body: object) => c.call(user, 'POST', `/v1/spaces/${spaceId}/comments`, body);
const say = async (user: User, spaceId: string, markdown: string, extra: object = {}) => {
  const res = await post(user, spaceId, { body: { markdown }, ...extra });
  expect(res.status).toBe(200);
  return res.body;
};
const put = (user: User, spaceId: string, commentId: string, body: object) => c.call(user, 'PUT', `/v1/spaces/${spaceId}/comments/${commentId}`, body);
const list = (user: User, spaceId: string, query = '') => c.call(user, 'GET', `/v1/spaces/${spaceId}/comments${query}`);
const counter = async (spaceId: string) => (await c.call(c.owner, 'GET', `/v1/spaces/${spaceId}`)).body.comments;

describe('space comments', () => {
  test('When a commenter posts a comment, Then it is 200, official, reads back the same and is announced in the outbox', async () => {
    const space = await c.newSpace();
    const posted = await post(c.commenter, space.id, { body: { markdown: 'Is this **up to date**?' } });
    expect(posted.status).toBe(200);
    expectOfficialSchema('Comment', posted.body);
    expect(posted.body).toMatchObject({
      object: 'comment',
      postedBy: { id: c.commenter.id, displayName: 'commenter' },
      body: { markdown: 'Is this **up to date**?' },
      status: 'open',
      replies: 0,
      repliers: [],
      reactions: [],
      target: { space: space.id, revision: space.revision },
      permissions: { view: true, edit: true, reply: true, delete: true },
    });
    expect(posted.body.target.changeRequest).toBeUndefined();
    expect(posted.body.urls.location).toMatch(new RegExp(`/v1/spaces/${space.id}/comments/${posted.body.id}$`));

    const read = await c.call(c.commenter, 'GET', `/v1/spaces/${space.id}/comments/${posted.body.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(posted.body);
    const asReader = await c.call(c.reader, 'GET', `/v1/spaces/${space.id}/comments/${posted.body.id}`);
    expect(asReader.body.permissions).toEqual({ view: true, edit: false, reply: false, delete: false });
    const asAdmin = await c.call(c.admin, 'GET', `/v1/spaces/${space.id}/comments/${posted.body.id}`);
    expect(asAdmin.body.permissions).toEqual({ view: true, edit: false, reply: true, delete: true });

    const events = await c.outbox(ContentEvents.COMMENT_CREATED, space.id);
    expect(events.map((e) => e.data)).toEqual([{ commentId: posted.body.id, spaceId: space.id, organizationId: c.orgId, changeRequestId: null, postedBy: c.commenter.id }]);
  });

  test('When format=document is asked, Then the body is a JSON document of the markdown', async () => {
    const space = await c.newSpace();
    const posted = await say(c.owner, space.id, '# Title\n\n- one\n- two');
    const read = await c.call(c.owner, 'GET', `/v1/spaces/${space.id}/comments/${posted.id}?format=document`);
    expect(read.status).toBe(200);
    expectOfficialSchema('Comment', read.body);
    expect(read.body.body.markdown).toBeUndefined();
    expect(read.body.body.document.nodes.map((n: { type: string }) => n.type)).toEqual(['heading-1', 'list-unordered']);
    const listed = await list(c.owner, space.id, '?format=document');
    expect(listed.body.items[0].body).toEqual(read.body.body);
  });

  test('When the body is a JSON document, Then the comment stores it as markdown', async () => {
    const space = await c.newSpace();
    const document = { object: 'document', nodes: [{ object: 'block', type: 'paragraph', nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: 'From a document', marks: [] }] }] }] };
    const posted = await post(c.owner, space.id, { body: { document } });
    expect(posted.status).toBe(200);
    expect(posted.body.body).toEqual({ markdown: 'From a document' });
  });

  test.each<[string, object, string]>([
    ['no body', {}, 'body.body is required'],
    ['an empty body', { body: {} }, 'body.body'],
    ['blank markdown', { body: { markdown: '   ' } }, 'body.body.markdown'],
    ['markdown over 10,000 characters', { body: { markdown: 'x'.repeat(10_001) } }, 'body.body.markdown'],
    ['both markdown and document', { body: { markdown: 'a', document: { object: 'document', nodes: [] } } }, 'body.body'],
    ['an unknown field', { body: { markdown: 'a' }, pinned: true }, 'body.pinned is not allowed'],
    ['a document that is not one', { body: { document: { object: 'document', nodes: [{ object: 'block', type: 'no-such-block', nodes: [] }] } } }, 'body.document'],
    ['a node without a page', { body: { markdown: 'a' }, node: 'b123456789abc' }, 'body.node needs body.page'],
    ['a page that does not exist', { body: { markdown: 'a' }, page: 'nope' }, 'page nope does not exist'],
  ])('When the post has %s, Then it is 400', async (_what, body, message) => {
    const space = await c.newSpace();
    const res = await post(c.owner, space.id, body);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain(message);
  });

  test('When markdown is exactly 10,000 characters, Then it is accepted', async () => {
    const space = await c.newSpace();
    expect((await post(c.owner, space.id, { body: { markdown: 'x'.repeat(10_000) } })).status).toBe(200);
  });

  test('When a comment targets a page and one of its blocks, Then target names them by id, and still does once main moves', async () => {
    const { space, pageId } = await c.spaceWithPage();
    const doc = await c.call(c.owner, 'GET', `/v1/spaces/${space.id}/content/page/${pageId}?format=document`);
    const paragraph = doc.body.document.nodes[1].key;
    const posted = await say(c.commenter, space.id, 'Restart what?', { page: pageId, node: paragraph });
    expectOfficialSchema('Comment', posted);
    // The official target names page and node by id only (ADR 0030).
    expect(posted.target).toEqual({ space: space.id, revision: expect.any(String), page: { id: pageId }, node: { id: paragraph } });
    expect((await post(c.owner, space.id, { body: { markdown: 'a' }, page: pageId, node: 'b000000000000' })).status).toBe(400);

    const cr = await c.newChangeRequest(space.id);
    await c.call(c.owner, 'POST', `/v1/spaces/${space.id}/change-requests/${cr.id}/content`, { changes: [{ operation: 'update_page', page: pageId, document: { markdown: 'Before you start.\n\nRun it.' } }] });
    await c.call(c.owner, 'POST', `/v1/spaces/${space.id}/change-requests/${cr.id}/merge`);
    const after = await c.call(c.commenter, 'GET', `/v1/spaces/${space.id}/comments/${posted.id}`);
    // Main moved on: the target still names the revision the comment was made in.
    expect(after.body.target).toEqual(posted.target);

    const other = await say(c.owner, space.id, 'General remark');
    const onPage = await list(c.owner, space.id, `?targetPage=${pageId}`);
    expect(onPage.body.items.map((i: { id: string }) => i.id)).toEqual([posted.id]);
    expect((await list(c.owner, space.id)).body.items.map((i: { id: string }) => i.id)).toEqual([other.id, posted.id]);
  });

  test('When the author edits the body, Then editedAt is set; anyone else, even an admin, gets 403', async () => {
    const space = await c.newSpace();
    const posted = await say(c.commenter, space.id, 'Frist');
    expect(posted.editedAt).toBeUndefined();
    const edited = await put(c.commenter, space.id, posted.id, { body: { markdown: 'First' } });
    expect(edited.status).toBe(200);
    expectOfficialSchema('Comment', edited.body);
    expect(edited.body).toMatchObject({ body: { markdown: 'First' }, editedAt: expect.any(String), postedAt: posted.postedAt });
    expect((await put(c.admin, space.id, posted.id, { body: { markdown: 'Admin words' } })).status).toBe(403);
    expect((await put(c.owner, space.id, posted.id, { body: { markdown: 'Owner words' } })).status).toBe(403);
    expect((await c.call(c.commenter, 'GET', `/v1/spaces/${space.id}/comments/${posted.id}`)).body.body.markdown).toBe('First');
  });

  test('When a comment is resolved and reopened, Then resolvedAt/resolvedBy follow, only the author or an admin may, and the space counter counts open ones', async () => {
    const space = await c.newSpace();
    expect(await counter(space.id)).toBe(0);
    const mine = await say(c.commenter, space.id, 'Mine');
    const theirs = await say(c.owner, space.id, 'Theirs');
    expect(await counter(space.id)).toBe(2);

    const resolved = await put(c.commenter, space.id, mine.id, { resolved: true });
    expect(resolved.status).toBe(200);
    expectOfficialSchema('Comment', resolved.body);
    expect(resolved.body).toMatchObject({ status: 'resolved', resolvedAt: expect.any(String), resolvedBy: { id: c.commenter.id } });
    expect(await counter(space.id)).toBe(1);
    const again = await put(c.admin, space.id, mine.id, { resolved: true });
    expect(again.body).toMatchObject({ resolvedAt: resolved.body.resolvedAt, resolvedBy: { id: c.commenter.id } });

    expect((await put(c.commenter, space.id, theirs.id, { resolved: true })).status).toBe(403);
    const byAdmin = await put(c.admin, space.id, theirs.id, { resolved: true });
    expect(byAdmin.body).toMatchObject({ status: 'resolved', resolvedBy: { id: c.admin.id } });
    expect(await counter(space.id)).toBe(0);

    const reopened = await put(c.commenter, space.id, mine.id, { resolved: false });
    expect(reopened.body.status).toBe('open');
    expect(reopened.body.resolvedAt).toBeUndefined();
    expect(reopened.body.resolvedBy).toBeUndefined();
    expectOfficialSchema('Comment', reopened.body);
    expect(await counter(space.id)).toBe(1);
    const listed = await c.call(c.owner, 'GET', `/v1/orgs/${c.orgId}/spaces?limit=1000`);
    expect(listed.body.items.find((s: { id: string }) => s.id === space.id).comments).toBe(1);

    const snapshots = await c.outbox(ContentEvents.SPACE_UPDATED, space.id);
    expect(snapshots.map((e) => (e.data.space as { counts: { comments: number } }).counts.comments)).toEqual([1, 2, 1, 0, 1]);
  });

  test('When listing with status, order, authors and pages, Then each filter holds and every comment is listed once', async () => {
    const space = await c.newSpace();
    const posted: Array<{ id: string }> = [];
    for (let i = 0; i < 5; i++) posted.push(await say(i % 2 ? c.commenter : c.owner, space.id, `Comment ${i}`));
    await put(c.owner, space.id, posted[0].id, { resolved: true });
    await put(c.owner, space.id, posted[2].id, { resolved: true });
    const ids = async (query: string) => {
      const res = await list(c.owner, space.id, query);
      expect(res.status).toBe(200);
      for (const item of res.body.items) expectOfficialSchema('Comment', item);
      return res.body.items.map((i: { id: string }) => posted.findIndex((p) => p.id === i.id));
    };
    expect(await ids('')).toEqual([4, 3, 2, 1, 0]);
    expect(await ids('?order=asc')).toEqual([0, 1, 2, 3, 4]);
    expect(await ids('?status=open')).toEqual([4, 3, 1]);
    expect(await ids('?status=resolved&order=asc')).toEqual([0, 2]);
    expect(await ids('?status=all&order=asc')).toEqual([0, 1, 2, 3, 4]);
    expect(await ids(`?authors=${c.commenter.id}`)).toEqual([3, 1]);
    expect(await ids(`?authors=${c.commenter.id}&authors=${c.owner.id}&order=asc`)).toEqual([0, 1, 2, 3, 4]);
    expect(await ids('?authors=nobody')).toEqual([]);

    const first = await list(c.owner, space.id, '?limit=2');
    expect(first.body).toMatchObject({ count: 5, next: { page: expect.any(String) } });
    const second = await list(c.owner, space.id, `?limit=2&page=${first.body.next.page}`);
    const third = await list(c.owner, space.id, `?limit=2&page=${second.body.next.page}`);
    expect(third.body.next).toBeUndefined();
    const paged = [...first.body.items, ...second.body.items, ...third.body.items].map((i: { id: string }) => i.id);
    expect(paged).toEqual([...posted].reverse().map((p) => p.id));

    expect((await list(c.owner, space.id, '?status=closed')).status).toBe(400);
    expect((await list(c.owner, space.id, '?order=newest')).status).toBe(400);
    expect((await list(c.owner, space.id, '?format=html')).status).toBe(400);
    expect((await list(c.owner, space.id, '?page=garbage')).status).toBe(400);
  });

  test('When members react, Then reactions group by emoji with their users, adding twice counts once, and a reader is refused', async () => {
    const space = await c.newSpace();
    const posted = await say(c.owner, space.id, 'Ship it?');
    expect((await put(c.commenter, space.id, posted.id, { addedReactions: ['👍'] })).status).toBe(200);
    await put(c.admin, space.id, posted.id, { addedReactions: ['👍'] });
    const again = await put(c.commenter, space.id, posted.id, { addedReactions: ['🎉', '👍'] });
    expectOfficialSchema('Comment', again.body);
    expect(again.body.reactions.map((r: { emoji: string; count: number; users: Array<{ user: { id: string } }> }) => [r.emoji, r.count, r.users.map((u) => u.user.id)])).toEqual([
      ['👍', 2, [c.commenter.id, c.admin.id]],
      ['🎉', 1, [c.commenter.id]],
    ]);
    const removed = await put(c.commenter, space.id, posted.id, { removedReactions: ['👍', '🎉'] });
    expect(removed.body.reactions).toEqual([{ emoji: '👍', count: 1, users: [{ user: expect.objectContaining({ id: c.admin.id }), reactedAt: expect.any(String) }] }]);

    expect((await put(c.reader, space.id, posted.id, { addedReactions: ['👍'] })).status).toBe(403);
    for (const bad of [{ addedReactions: [''] }, { addedReactions: ['not an emoji'] }, { addedReactions: 'x' }, { removedReactions: [42] }, {}, { resolved: 'yes' }, { sticky: true }]) {
      expect({ bad, status: (await put(c.owner, space.id, posted.id, bad)).status }).toEqual({ bad, status: 400 });
    }
  });

  test('When replies are posted, edited, reacted to and deleted, Then the comment counts them and names its repliers', async () => {
    const space = await c.newSpace();
    const comment = await say(c.owner, space.id, 'Thoughts?');
    const base = `/v1/spaces/${space.id}/comments/${comment.id}/replies`;
    const first = await c.call(c.commenter, 'POST', base, { body: { markdown: 'Yes' } });
    expect(first.status).toBe(200);
    expectOfficialSchema('CommentReply', first.body);
    expect(first.body).toMatchObject({ object: 'comment-reply', postedBy: { id: c.commenter.id }, body: { markdown: 'Yes' }, reactions: [], permissions: { view: true, edit: true, reply: true, delete: true } });
    expect(first.body.urls.location).toMatch(new RegExp(`${base}/${first.body.id}$`));
    const second = await c.call(c.commenter, 'POST', `${base}?format=document`, { body: { markdown: 'And more' } });
    expectOfficialSchema('CommentReply', second.body);
    expect(second.body.body.document.object).toBe('document');
    await c.call(c.admin, 'POST', base, { body: { markdown: 'Agreed' } });

    const parent = await c.call(c.owner, 'GET', `/v1/spaces/${space.id}/comments/${comment.id}`);
    expect(parent.body.replies).toBe(3);
    expect(parent.body.repliers.map((r: { user: { id: string }; count: number }) => [r.user.id, r.count])).toEqual([[c.commenter.id, 2], [c.admin.id, 1]]);
    expectOfficialSchema('Comment', parent.body);

    const page1 = await c.call(c.owner, 'GET', `${base}?limit=2`);
    expect(page1.body).toMatchObject({ count: 3, next: { page: expect.any(String) } });
    for (const item of page1.body.items) expectOfficialSchema('CommentReply', item);
    const page2 = await c.call(c.owner, 'GET', `${base}?limit=2&page=${page1.body.next.page}`);
    expect([...page1.body.items, ...page2.body.items].map((r: { body: { markdown: string } }) => r.body.markdown)).toEqual(['Yes', 'And more', 'Agreed']);

    const edited = await c.call(c.commenter, 'PUT', `${base}/${first.body.id}`, { body: { markdown: 'Yes!' }, addedReactions: ['1f389'] });
    expect(edited.status).toBe(200);
    expectOfficialSchema('CommentReply', edited.body);
    expect(edited.body).toMatchObject({ body: { markdown: 'Yes!' }, editedAt: expect.any(String), reactions: [{ emoji: '1f389', count: 1 }] });
    expect((await c.call(c.admin, 'PUT', `${base}/${first.body.id}`, { body: { markdown: 'No' } })).status).toBe(403);
    expect((await c.call(c.admin, 'PUT', `${base}/${first.body.id}`, { addedReactions: ['👍'] })).status).toBe(200);
    expect((await c.call(c.owner, 'PUT', `${base}/${first.body.id}`, { resolved: true })).status).toBe(400);
    const read = await c.call(c.reader, 'GET', `${base}/${first.body.id}`);
    expect(read.status).toBe(200);
    expect(read.body.reactions.map((r: { emoji: string }) => r.emoji)).toEqual(['1f389', '👍']);

    expect((await c.call(c.reader, 'POST', base, { body: { markdown: 'Me too' } })).status).toBe(403);
    expect((await c.call(c.commenter, 'DELETE', `${base}/${page2.body.items[0].id}`)).status).toBe(403);
    expect((await c.call(c.commenter, 'DELETE', `${base}/${first.body.id}`)).status).toBe(205);
    expect((await c.call(c.commenter, 'DELETE', `${base}/${first.body.id}`)).status).toBe(204);
    expect((await c.call(c.owner, 'GET', `${base}/${first.body.id}`)).status).toBe(404);
    expect((await c.call(c.admin, 'DELETE', `${base}/${second.body.id}`)).status).toBe(205);
    expect((await c.call(c.owner, 'GET', `/v1/spaces/${space.id}/comments/${comment.id}`)).body.replies).toBe(1);
    expect((await c.call(c.owner, 'POST', `/v1/spaces/${space.id}/comments/nope/replies`, { body: { markdown: 'x' } })).status).toBe(404);
    expect((await c.call(c.owner, 'GET', `/v1/spaces/${space.id}/comments/nope/replies`)).status).toBe(404);
  });

  test('When a comment is deleted, Then it is 205 for its author or an admin, 403 for others, 204 once gone, and its replies go with it', async () => {
    const space = await c.newSpace();
    const comment = await say(c.commenter, space.id, 'Delete me');
    const reply = (await c.call(c.owner, 'POST', `/v1/spaces/${space.id}/comments/${comment.id}/replies`, { body: { markdown: 'Reply' } })).body;
    const other = await say(c.owner, space.id, 'Keep me');
    expect(await counter(space.id)).toBe(2);

    expect((await c.call(c.reader, 'DELETE', `/v1/spaces/${space.id}/comments/${comment.id}`)).status).toBe(403);
    expect((await c.call(c.commenter, 'DELETE', `/v1/spaces/${space.id}/comments/${other.id}`)).status).toBe(403);
    expect((await c.call(c.commenter, 'DELETE', `/v1/spaces/${space.id}/comments/${comment.id}`)).status).toBe(205);
    expect((await c.call(c.commenter, 'DELETE', `/v1/spaces/${space.id}/comments/${comment.id}`)).status).toBe(204);
    expect((await c.call(c.owner, 'GET', `/v1/spaces/${space.id}/comments/${comment.id}`)).status).toBe(404);
    expect((await c.call(c.owner, 'GET', `/v1/spaces/${space.id}/comments/${comment.id}/replies/${reply.id}`)).status).toBe(404);
    expect(await c.db('comment_replies').where({ id: reply.id }).first()).toBeUndefined();
    expect(await counter(space.id)).toBe(1);
    expect((await c.call(c.admin, 'DELETE', `/v1/spaces/${space.id}/comments/${other.id}`)).status).toBe(205);
    expect(await counter(space.id)).toBe(0);
    expect((await c.call(c.owner, 'DELETE', `/v1/spaces/nope/comments/${other.id}`)).status).toBe(404);
  });

  test('When a reader posts, or a stranger reads, Then it is 403 and 404; unknown comments are 404', async () => {
    const space = await c.newSpace();
    const comment = await say(c.owner, space.id, 'Hello');
    expect((await post(c.reader, space.id, { body: { markdown: 'Hi' } })).status).toBe(403);
    expect((await list(c.reader, space.id)).status).toBe(200);
    for (const path of ['/comments', `/comments/${comment.id}`, `/comments/${comment.id}/replies`, '/commenters']) {
      expect({ path, status: (await c.call(c.stranger, 'GET', `/v1/spaces/${space.id}${path}`)).status }).toEqual({ path, status: 404 });
    }
    expect((await post(c.stranger, space.id, { body: { markdown: 'Hi' } })).status).toBe(404);
    expect((await put(c.stranger, space.id, comment.id, { addedReactions: ['👍'] })).status).toBe(404);
    expect((await c.call(c.stranger, 'DELETE', `/v1/spaces/${space.id}/comments/${comment.id}`)).status).toBe(404);
    expect((await c.call(c.owner, 'GET', `/v1/spaces/${space.id}/comments/nope`)).status).toBe(404);
    expect((await put(c.owner, space.id, 'nope', { resolved: true })).status).toBe(404);
    expect((await list(c.owner, 'nope')).status).toBe(404);
  });
});
