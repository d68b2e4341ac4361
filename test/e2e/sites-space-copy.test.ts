import { eventually } from '@dp/testing';
import { sharedStack } from '../support/shared-stack';
import type { StackClient } from '../support/stack-client';

/** Sites embeds spaces from its own copy, kept current by content's events: counters and revision included. */
let stack: StackClient;
beforeAll(async () => {
  stack = await sharedStack();
});

test('When a change request is opened and merged on a space of a site, Then the embedded space follows (counters, revision)', async () => {
  const admin = await stack.newUser('admin');
  const org = (await stack.newOrg(admin.token)).id;
  const space = (await stack.call('POST', `/v1/orgs/${org}/spaces`, { token: admin.token, body: { title: 'Guide' } })).body;
  const site = (await stack.call('POST', `/v1/orgs/${org}/sites`, { token: admin.token, body: { title: 'Docs', spaces: [space.id] } })).body;
  const embedded = async () => (await stack.call('GET', `/v1/orgs/${org}/sites/${site.id}/site-spaces`, { token: admin.token })).body.items[0].space;

  const cr = (await stack.call('POST', `/v1/spaces/${space.id}/change-requests`, { token: admin.token, body: { subject: 'x' } })).body;
  await eventually(async () => (await embedded()).changeRequestsDraft === 1, 15_000);
  await stack.call('POST', `/v1/spaces/${space.id}/change-requests/${cr.id}/content`, {
    token: admin.token,
    body: { changes: [{ operation: 'insert_page', title: 'Intro', document: { markdown: 'hi' } }] },
  });
  const merged = await stack.call('POST', `/v1/spaces/${space.id}/change-requests/${cr.id}/merge`, { token: admin.token });
  const copy = await eventually(async () => {
    const s = await embedded();
    return s.revision === merged.body.revision && s;
  }, 15_000);
  const fromContent = (await stack.call('GET', `/v1/spaces/${space.id}`, { token: admin.token })).body;
  expect(copy).toEqual(fromContent);
  expect(copy).toMatchObject({ changeRequests: 1, changeRequestsDraft: 0, changeRequestsOpen: 0 });
});

test("When the organization and a space set merge rules, Then content obeys the organization's where the space inherits and sites embeds the space's own", async () => {
  const admin = await stack.newUser('admin');
  const org = (await stack.newOrg(admin.token)).id;
  const call = (method: string, path: string, body?: unknown) => stack.call(method, path, { token: admin.token, body });
  const rules = { type: 'rules', rules: [{ rule: 'require_change_request_subject' }] };
  expect((await call('PATCH', `/v1/orgs/${org}`, { mergeRules: rules })).status).toBe(200);
  const space = (await call('POST', `/v1/orgs/${org}/spaces`, { title: 'Guide' })).body;
  // Content learns the organization's rules from identity's event: until it has, a merge goes through, so each
  // attempt merges a change request of its own.
  const refused = await eventually(async () => {
    const cr = (await call('POST', `/v1/spaces/${space.id}/change-requests`, {})).body;
    await call('POST', `/v1/spaces/${space.id}/change-requests/${cr.id}/content`, { changes: [{ operation: 'insert_page', title: 'Intro', document: { markdown: 'hi' } }] });
    const res = await call('POST', `/v1/spaces/${space.id}/change-requests/${cr.id}/merge`);
    return res.status === 409 && res;
  }, 15_000);
  expect(refused.body.error.message).toContain('require_change_request_subject');

  const own = { type: 'rules', rules: [{ rule: 'require_at_least_one_review' }] };
  expect((await call('PATCH', `/v1/spaces/${space.id}`, { mergeRules: own })).status).toBe(200);
  const site = (await call('POST', `/v1/orgs/${org}/sites`, { title: 'Docs', spaces: [space.id] })).body;
  await eventually(async () => (await call('GET', `/v1/orgs/${org}/sites/${site.id}/site-spaces`)).body.items[0]?.space.mergeRules.type === 'rules', 15_000);
  expect((await call('GET', `/v1/orgs/${org}/sites/${site.id}/site-spaces`)).body.items[0].space.mergeRules).toEqual(own);
});
