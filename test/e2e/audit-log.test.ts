import { eventually, expectOfficialSchema } from '@dp/testing';
import { sharedStack, type SharedStack } from '../support/shared-stack';
import type { TestUser } from '../support/stack-client';

/**
 * The organization audit log across contexts (issue 25, docs/adr/0095): a scripted stretch of activity in
 * identity, content and sites, through the gateway, is recorded by identity's worker from the bus, one entry per
 * committed change, each naming the caller and the request that made it; a refused change records nothing.
 */
let stack: SharedStack;
let owner: TestUser;
let reader: TestUser;
let orgId: string;

beforeAll(async () => {
  stack = await sharedStack();
  owner = await stack.newUser('audit-owner');
  reader = await stack.newUser('audit-reader');
  orgId = (await stack.newOrg(owner.token, 'Audited Org')).id;
  await stack.addMember(owner.token, orgId, reader.email, 'read');
  await stack.joined(reader.token, orgId);
});
afterAll(() => stack?.release());

const as = async (user: TestUser, method: string, path: string, body?: unknown) => stack.call(method, path, { token: user.token, body });
type Entry = { id: string; action: string; actor: { type: string; id: string; label?: string }; source: string; target: { type: string; id: string; label?: string } };
const auditLog = async (query = ''): Promise<Entry[]> => {
  const res = await as(owner, 'GET', `/v1/orgs/${orgId}/audit-events?limit=100${query}`);
  expect(res.status).toBe(200);
  return res.body.items;
};

test('When members work across identity, content and sites, Then each committed change is one entry naming them, the effects of one request share its correlation, and a refused change is not there', async () => {
  const space = (await as(owner, 'POST', `/v1/orgs/${orgId}/spaces`, { title: 'Runbook' })).body;
  expect((await as(owner, 'PATCH', `/v1/spaces/${space.id}`, { title: 'Runbook v2' })).status).toBe(200);
  const site = await as(owner, 'POST', `/v1/orgs/${orgId}/sites`, { title: 'Ops site', spaces: [space.id] });
  expect(site.status).toBe(201);
  const team = (await as(owner, 'PUT', `/v1/orgs/${orgId}/teams`, { title: 'On call' })).body;
  // Refused: a reader may not create a space.
  expect((await as(reader, 'POST', `/v1/orgs/${orgId}/spaces`, { title: 'Not allowed' })).status).toBe(403);

  const wanted = ['content.space.created', 'content.space.updated', 'sites.site.created', 'sites.site-space.created', 'identity.team.created'];
  const entries = await eventually(async () => {
    const log = await auditLog();
    return wanted.every((action) => log.some((e) => e.action === action)) ? log : undefined;
  }, 20_000);
  const byAction = (action: string) => entries.filter((e) => e.action === action);
  expect(byAction('content.space.created')).toEqual([expect.objectContaining({ actor: { type: 'user', id: owner.id, label: 'audit-owner' }, source: 'api', target: { type: 'space', id: space.id, label: 'Runbook' } })]);
  expect(byAction('content.space.updated')[0].target).toEqual({ type: 'space', id: space.id, label: 'Runbook v2' });
  expect(byAction('sites.site.created')[0]).toMatchObject({ actor: { id: owner.id }, target: { type: 'site', id: site.body.id } });
  expect(byAction('identity.team.created')[0].target).toEqual({ type: 'team', id: team.id, label: 'On call' });
  expect(entries.filter((e) => e.actor.id === reader.id)).toEqual([]);
  expect(entries.some((e) => e.target.label === 'Not allowed')).toBe(false);

  // The site and its site space were made by one request: one correlation.
  const details = async (entry: Entry) => {
    const res = await as(owner, 'GET', `/v1/orgs/${orgId}/audit-events/${entry.id}`);
    expectOfficialSchema('AuditEventDetails', res.body);
    return res.body;
  };
  const [siteCreated, siteSpaceCreated, spaceCreated] = await Promise.all([details(byAction('sites.site.created')[0]), details(byAction('sites.site-space.created')[0]), details(byAction('content.space.created')[0])]);
  expect(siteCreated.correlationId).toEqual(expect.any(String));
  expect(siteSpaceCreated.correlationId).toBe(siteCreated.correlationId);
  expect(spaceCreated.correlationId).not.toBe(siteCreated.correlationId);

  // Another organization's admin sees none of it.
  const stranger = await stack.newUser('audit-stranger');
  const theirs = (await stack.newOrg(stranger.token, 'Theirs')).id;
  expect((await as(stranger, 'GET', `/v1/orgs/${orgId}/audit-events`)).status).toBe(404);
  expect((await as(stranger, 'GET', `/v1/orgs/${theirs}/audit-events?target=${space.id}`)).body.count).toBe(0);
});
