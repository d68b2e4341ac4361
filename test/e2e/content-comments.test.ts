import { expectOfficialSchema } from '@dp/testing';
import { bootCommentsStack, type CommentsStack, type User } from '../support/comments';

/**
 * Who commented, listed as identity presents the organization's members: content asks identity for them, so
 * these stay whole-stack. The rest of comments: services/content/test/http/comments-*.test.ts.
 */
let c: CommentsStack;

beforeAll(async () => {
  c = await bootCommentsStack();
}, 120_000);
afterAll(() => c?.stack.release());

const crBase = (spaceId: string, cr: string | number) => `/v1/spaces/${spaceId}/change-requests/${cr}`;
const say = async (user: User, spaceId: string, markdown: string) => {
  const res = await c.call(user, 'POST', `/v1/spaces/${spaceId}/comments`, { body: { markdown } });
  expect(res.status).toBe(200);
  return res.body;
};

describe('commenters', () => {
  test('When members comment, Then commenters lists each once, in order of their first comment, as official members', async () => {
    const space = await c.newSpace();
    await say(c.commenter, space.id, 'One');
    await say(c.owner, space.id, 'Two');
    await say(c.commenter, space.id, 'Three');
    const only = await say(c.admin, space.id, 'Four');
    const reply = await c.call(c.reader, 'GET', `/v1/spaces/${space.id}/commenters`);
    expect(reply.status).toBe(200);
    for (const item of reply.body.items) expectOfficialSchema('OrganizationMember', item);
    expect(reply.body.count).toBe(3);
    expect(reply.body.items.map((m: { id: string; role: string }) => [m.id, m.role])).toEqual([
      [c.commenter.id, 'comment'],
      [c.owner.id, 'admin'],
      [c.admin.id, 'admin'],
    ]);
    const page1 = await c.call(c.owner, 'GET', `/v1/spaces/${space.id}/commenters?limit=2`);
    const page2 = await c.call(c.owner, 'GET', `/v1/spaces/${space.id}/commenters?limit=2&page=${page1.body.next.page}`);
    expect([...page1.body.items, ...page2.body.items].map((m: { user: { id: string } }) => m.user.id)).toEqual([c.commenter.id, c.owner.id, c.admin.id]);
    expect(page2.body.next).toBeUndefined();

    await c.call(c.admin, 'DELETE', `/v1/spaces/${space.id}/comments/${only.id}`);
    expect((await c.call(c.owner, 'GET', `/v1/spaces/${space.id}/commenters`)).body.count).toBe(2);
  });

  test('When comments are posted on a change request, Then its commenters are listed apart from the space', async () => {
    const space = await c.newSpace();
    const cr = await c.newChangeRequest(space.id);
    await c.call(c.commenter, 'POST', `${crBase(space.id, cr.id)}/comments`, { body: { markdown: 'A' } });
    await c.call(c.owner, 'POST', `/v1/spaces/${space.id}/comments`, { body: { markdown: 'B' } });
    const onCr = await c.call(c.owner, 'GET', `${crBase(space.id, cr.id)}/commenters`);
    expect(onCr.status).toBe(200);
    for (const item of onCr.body.items) expectOfficialSchema('OrganizationMember', item);
    expect(onCr.body.items.map((m: { id: string }) => m.id)).toEqual([c.commenter.id]);
    const onSpace = await c.call(c.owner, 'GET', `/v1/spaces/${space.id}/commenters`);
    expect(onSpace.body.items.map((m: { id: string }) => m.id)).toEqual([c.owner.id]);
  });
});
