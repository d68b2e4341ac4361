import type { MergeRulesConfiguration } from '@dp/contracts';
import { ContentEvents, createEvent, IdentityEvents } from '@dp/events';
import { componentOf, expectOfficialSchema, identityStandIn } from '@dp/testing';
import { contentService } from '../../src';
import { contentFixtures, type TestUser } from './fixtures';

/**
 * Reviews of change requests on content's app (issue 26): who may review and approve, reviews made against the
 * change request's revision and outdated by a new edit or a newer review or request, requested reviewers (members
 * only, asked again to re-review), and contributors. Identity (who is a member) is a server this file runs.
 */
const identity = identityStandIn();
const api = componentOf('revw', contentService, () => identity.start());
afterAll(() => identity.close());
const fixtures = contentFixtures(api);
const orgId = fixtures.orgId;
let author: TestUser;
let alice: TestUser;
let bob: TestUser;
let commenter: TestUser;

beforeAll(async () => {
  author = await fixtures.newUser('author', 'edit');
  alice = await fixtures.newUser('alice', 'review');
  bob = await fixtures.newUser('bob', 'review');
  commenter = await fixtures.newUser('commenter', 'comment');
  for (const user of [fixtures.owner, author, alice, bob, commenter]) identity.members.add(user.id);
});

const as = (user: TestUser, method: string, path: string, body?: unknown) => api.call(method, path, { as: user.as, body });
async function openChangeRequest(title: string, by = author) {
  const space = (await fixtures.call('POST', `/v1/orgs/${orgId}/spaces`, { title })).body.id as string;
  const cr = await as(by, 'POST', `/v1/spaces/${space}/change-requests`, { subject: 'Rewrite' });
  expect(cr.status).toBe(201);
  const path = `/v1/spaces/${space}/change-requests/${cr.body.id}`;
  const edit = async (markdown: string) => {
    const res = await as(by, 'POST', `${path}/content?compat=false`, { changes: [{ operation: 'insert_page', title: markdown, document: { markdown } }] });
    expect(res.status).toBe(200);
    return res.body.changeRequest.revision as string;
  };
  return { space, path, edit };
}
const review = async (user: TestUser, path: string, body: object, status = 201) => {
  const res = await as(user, 'POST', `${path}/reviews`, body);
  expect(res.status).toBe(status);
  return res.body;
};

describe('reviews', () => {
  test('When one reviewer requests changes and the author edits, Then that review is outdated; both approve the new revision and the list says which reviews still count', async () => {
    const { path, edit } = await openChangeRequest('Reviewed');
    const first = await edit('First draft');
    const changes = await review(alice, path, { status: 'changes-requested', comment: { markdown: 'Please add an example.' } });
    expect(changes).toMatchObject({ object: 'change-request-review', status: 'changes-requested', revision: first, outdated: false, reviewer: { id: alice.id } });
    expect(changes.comment).toMatchObject({ object: 'comment', body: { markdown: 'Please add an example.' } });
    expectOfficialSchema('ChangeRequestReview', changes);

    const second = await edit('With an example');
    expect(second).not.toBe(first);
    const alices = await as(alice, 'GET', `${path}/reviews/${changes.id}`);
    expect(alices.body.outdated).toBe(true);
    await review(alice, path, { status: 'approved' });
    const bobs = await review(bob, path, { status: 'approved' });
    expect(bobs.revision).toBe(second);

    const all = await as(author, 'GET', `${path}/reviews`);
    expect(all.body.items.map((r: { status: string; outdated: boolean }) => `${r.status} ${r.outdated}`)).toEqual(['changes-requested true', 'approved false', 'approved false']);
    const current = await as(author, 'GET', `${path}/reviews?outdated=false`);
    expect(current.body.count).toBe(2);
    expect(current.body.items.every((r: { status: string }) => r.status === 'approved')).toBe(true);
    expect((await as(author, 'GET', `${path}/reviews?outdated=true`)).body.items.map((r: { id: string }) => r.id)).toEqual([changes.id]);
    // The review's comment is one of the change request's comments.
    const comments = await as(author, 'GET', `${path}/comments`);
    expect(comments.body.items.map((c: { id: string }) => c.id)).toContain(changes.comment.id);
    const events = (await api.outbox(ContentEvents.CHANGE_REQUEST_REVIEW_SUBMITTED)).map((e) => (e.data as { status: string }).status);
    expect(events.slice(-3)).toEqual(['changes-requested', 'approved', 'approved']);
  });

  test('When the author approves their own change request, or someone below review reviews, Then it is a 403 and nothing is recorded; a stranger gets 404', async () => {
    const { path, edit } = await openChangeRequest('Guarded', alice);
    await edit('Draft');
    expect((await review(alice, path, { status: 'approved' }, 403)).error.message).toMatch(/author/);
    expect((await review(author, path, { status: 'approved' }, 403)).error.message).toMatch(/needs "review"/);
    await review(commenter, path, { status: 'changes-requested' }, 403);
    const stranger = await fixtures.newUser('stranger', 'admin', 'another-org');
    await review(stranger, path, { status: 'approved' }, 404);
    expect((await as(author, 'GET', `${path}/reviews`)).body.count).toBe(0);
    await review(bob, path, { status: 'maybe' }, 400);
    await review(bob, path, { status: 'approved', comment: { markdown: '   ' } }, 400);
    expect((await as(author, 'GET', `${path}/reviews/no-such-review`)).status).toBe(404);
  });

  test('When a change request is merged, Then it can no longer be reviewed (409)', async () => {
    const { path, edit } = await openChangeRequest('Merged');
    await edit('Done');
    expect((await fixtures.call('POST', `${path}/merge`)).status).toBe(200);
    await review(alice, path, { status: 'approved' }, 409);
  });
});

describe('requested reviewers and contributors', () => {
  test('When the author asks two members to review, Then they are listed; a review names who asked; asking again outdates the earlier review; withdrawing is 205 then 204', async () => {
    const { path, edit } = await openChangeRequest('Asked');
    const revision = await edit('Please look');
    const asked = await as(author, 'POST', `${path}/requested-reviewers`, { users: [alice.id, bob.id], subject: 'Please review the rewrite' });
    expect(asked.status).toBe(200);
    expect(asked.body.users.map((u: { user: { id: string }; revision: string; kind: string }) => [u.user.id, u.revision, u.kind])).toEqual([
      [alice.id, revision, 'user'],
      [bob.id, revision, 'user'],
    ]);
    expect((await as(author, 'GET', path)).body.subject).toBe('Please review the rewrite');
    const listed = await as(alice, 'GET', `${path}/requested-reviewers`);
    expect(listed.body.count).toBe(2);
    for (const item of listed.body.items) expectOfficialSchema('ChangeRequestRequestedReviewer', item);

    const approval = await review(alice, path, { status: 'approved' });
    expect(approval.requestedBy).toMatchObject({ id: author.id });
    await as(author, 'POST', `${path}/requested-reviewers`, { users: [alice.id] });
    expect((await as(author, 'GET', `${path}/reviews/${approval.id}`)).body.outdated).toBe(true);

    expect((await as(author, 'DELETE', `${path}/requested-reviewers/${bob.id}`)).status).toBe(205);
    expect((await as(author, 'DELETE', `${path}/requested-reviewers/${bob.id}`)).status).toBe(204);
    expect((await as(author, 'GET', `${path}/requested-reviewers`)).body.items.map((u: { user: { id: string } }) => u.user.id)).toEqual([alice.id]);
    expect((await api.outbox(ContentEvents.CHANGE_REQUEST_REVIEWER_REMOVED)).some((e) => (e.data as { userId: string }).userId === bob.id)).toBe(true);
  });

  test('When a reviewer asked is not in the organization, or a reader asks, Then it is a 400 naming them or a 403, and nobody is asked', async () => {
    const { path } = await openChangeRequest('Refused');
    const outsider = await fixtures.newUser('outsider', 'admin', 'elsewhere');
    const refused = await as(author, 'POST', `${path}/requested-reviewers`, { users: [alice.id, outsider.id] });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toContain(outsider.id);
    expect((await as(commenter, 'POST', `${path}/requested-reviewers`, { users: [alice.id] })).status).toBe(403);
    expect((await as(author, 'POST', `${path}/requested-reviewers`, { users: [alice.id], description: { markdown: 'x' } })).status).toBe(400);
    expect((await as(author, 'GET', `${path}/requested-reviewers`)).body.count).toBe(0);
  });

  test('When the author edits twice and others comment, Then the contributors list each edit and comment count', async () => {
    const { path, edit } = await openChangeRequest('Contributed');
    await edit('One');
    await edit('Two');
    expect((await as(alice, 'POST', `${path}/comments`, { body: { markdown: 'Nice.' } })).status).toBe(200);
    await review(bob, path, { status: 'approved', comment: { markdown: 'Ship it.' } });
    const contributors = await as(author, 'GET', `${path}/contributors`);
    expect(contributors.status).toBe(200);
    for (const item of contributors.body.items) expectOfficialSchema('ChangeRequestUserContributor', item);
    const summary = Object.fromEntries(contributors.body.items.map((c: { user: { id: string }; actionType: string; count: number }) => [`${c.user.id} ${c.actionType}`, c.count]));
    expect(summary).toEqual({ [`${author.id} edit`]: 2, [`${alice.id} comment`]: 1, [`${bob.id} comment`]: 1 });
    const first = await as(author, 'GET', `${path}/contributors?limit=2`);
    const rest = await as(author, 'GET', `${path}/contributors?limit=2&page=${first.body.next.page}`);
    expect(first.body.items.length + rest.body.items.length).toBe(3);
  });
});

describe('merge rules (docs/adr/0103)', () => {
  test('When a space requires an approval and no changes requested, Then a merge is refused (409, naming the rules) until the reviews meet them; a bypassing user merges anyway', async () => {
    const { space, path, edit } = await openChangeRequest('Ruled');
    const rules = { type: 'rules', rules: [{ rule: 'require_at_least_one_approved_review' }, { rule: 'require_all_reviews_approved' }, { rule: 'allow_bypass', users: [fixtures.owner.id] }] };
    const patched = await fixtures.call('PATCH', `/v1/spaces/${space}`, { mergeRules: rules });
    expect(patched.status).toBe(200);
    expect(patched.body.mergeRules).toEqual(rules);
    expectOfficialSchema('Space', patched.body);
    await edit('Needs review');
    const merge = () => as(alice, 'POST', `${path}/merge`);
    const refused = await merge();
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toContain('require_at_least_one_approved_review');
    await review(bob, path, { status: 'changes-requested' });
    await review(alice, path, { status: 'approved' });
    expect((await merge()).body.error.message).toContain('require_all_reviews_approved');
    await review(bob, path, { status: 'approved' });
    // An edit outdates both approvals.
    await edit('One more thing');
    expect((await merge()).status).toBe(409);
    await review(alice, path, { status: 'approved' });
    expect((await merge()).status).toBe(200);

    const other = await openChangeRequest('Bypassed');
    expect((await fixtures.call('PATCH', `/v1/spaces/${other.space}`, { mergeRules: rules })).status).toBe(200);
    await other.edit('Urgent');
    expect((await fixtures.call('POST', `${other.path}/merge`)).status).toBe(200);
  });

  test("When the organization requires an approval, Then a space that inherits obeys it, one with its own rules does not, and an older announcement of the organization's rules changes nothing", async () => {
    const announce = (mergeRules: MergeRulesConfiguration, time: Date) =>
      api.handle({ ...createEvent(IdentityEvents.ORGANIZATION_UPDATED, { organizationId: orgId, title: 'Docs', mergeRules, changed: ['mergeRules'] }, { source: 'identity', subject: orgId }), time: time.toISOString() });
    const now = Date.now();
    await announce({ type: 'rules', rules: [{ rule: 'require_at_least_one_approved_review' }] }, new Date(now));
    // Delivered late: identity's earlier state must not come back.
    await announce({ type: 'none' }, new Date(now - 60_000));

    const inherits = await openChangeRequest('Inherits');
    await inherits.edit('Draft');
    const refused = await fixtures.call('POST', `${inherits.path}/merge`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toMatch(/organization's merge rules: .*require_at_least_one_approved_review/);
    await review(alice, inherits.path, { status: 'approved' });
    expect((await fixtures.call('POST', `${inherits.path}/merge`)).status).toBe(200);

    const own = await openChangeRequest('Own rules');
    expect((await fixtures.call('PATCH', `/v1/spaces/${own.space}`, { mergeRules: { type: 'none' } })).status).toBe(200);
    await own.edit('Draft');
    expect((await fixtures.call('POST', `${own.path}/merge`)).status).toBe(200);

    await announce({ type: 'none' }, new Date(now + 1));
    const relaxed = await openChangeRequest('Relaxed');
    await relaxed.edit('Draft');
    expect((await fixtures.call('POST', `${relaxed.path}/merge`)).status).toBe(200);
  });

  test('When merge rules are set by a non-admin, or name a rule nothing here decides, Then it is a 403 or a 400', async () => {
    const { space } = await openChangeRequest('Rules refused');
    expect((await as(alice, 'PATCH', `/v1/spaces/${space}`, { mergeRules: { type: 'none' } })).status).toBe(403);
    for (const rule of [{ rule: 'custom', expression: 'true', message: 'x' }, { rule: 'require_agent_review' }, { rule: 'require_change_request_description' }]) {
      expect((await fixtures.call('PATCH', `/v1/spaces/${space}`, { mergeRules: { type: 'rules', rules: [rule] } })).status).toBe(400);
    }
    expect((await fixtures.call('GET', `/v1/spaces/${space}`)).body.mergeRules).toEqual({ type: 'inherit' });
  });
});
