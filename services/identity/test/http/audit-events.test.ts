import { createLogger } from '@dp/log';
import { checkedEvent, ContentEvents } from '@dp/events';
import { componentOf, expectOfficialSchema } from '@dp/testing';
import { identityService } from '../../src';
import { expireAuditLog } from '../../src/jobs/expire-audit-events';
import { IDENTITY_ENV, identityFixtures, type TestUser } from './fixtures';

/**
 * The organization audit log on identity's app (docs/adr/0095): the events identity's own requests emitted, fed
 * to its handlers as its worker's consumer feeds them, become entries naming the caller; the official operations
 * read them, for admins only; the table refuses updates and deletes but the retention job's.
 */
const api = componentOf('audit', identityService, IDENTITY_ENV);
const fixtures = identityFixtures(api);
let admin: TestUser;
let reader: TestUser;
let outsider: TestUser;
let orgId: string;
let teamId: string;

/** Feeds every event in the outbox to identity's handlers, once each (the inbox drops a second delivery). */
const consumeOutbox = async () => {
  for (const event of await api.outbox()) await api.handle(event);
};
const auditPath = (rest = '') => `/v1/orgs/${orgId}/audit-events${rest}`;

beforeAll(async () => {
  [admin, reader, outsider] = await Promise.all(['ada', 'reader', 'outsider'].map((n) => fixtures.newUser(n)));
  orgId = (await fixtures.newOrg(admin.as, 'Audited')).id;
  await fixtures.addMember(admin.as, orgId, reader.email, 'read');
  teamId = (await api.call('PUT', `/v1/orgs/${orgId}/teams`, { as: admin.as, body: { title: 'Support' } })).body.id;
  await fixtures.newOrg(outsider.as, 'Elsewhere');
  await consumeOutbox();
});

describe('the audit log', () => {
  test('When an admin changes the organization, Then each change is an entry naming them, newest first, with the official shape', async () => {
    const list = await api.call('GET', auditPath(), { as: admin.as });
    expect(list.status).toBe(200);
    const actions = list.body.items.map((e: { action: string }) => e.action);
    expect(actions[0]).toBe('identity.team.created');
    expect(actions).toEqual(expect.arrayContaining(['identity.organization.created', 'identity.member.added', 'identity.team.created']));
    expect(list.body.count).toBe(list.body.items.length);
    const team = list.body.items[0];
    expect(team).toEqual({
      object: 'audit-event', id: expect.any(String), occurredAt: expect.any(String), action: 'identity.team.created',
      actor: { type: 'user', id: admin.id, label: 'ada' }, source: 'api',
      target: { type: 'team', id: teamId, label: 'Support' }, urls: { location: expect.stringContaining(`/orgs/${orgId}/audit-events/${team.id}`) },
    });
    const details = await api.call('GET', auditPath(`/${team.id}`), { as: admin.as });
    expectOfficialSchema('AuditEventDetails', details.body);
    expect(details.body).toMatchObject({ schemaVersion: 1, payload: { teamId, organizationId: orgId, title: 'Support' } });
    // The member's email is not in any entry.
    expect(JSON.stringify(list.body)).not.toContain(reader.email);
  });

  test('When the list is filtered or paged, Then it keeps to the filter and pages without overlap', async () => {
    const byAction = await api.call('GET', auditPath('?action=identity.member.added'), { as: admin.as });
    // The creator joining, then the reader.
    expect(byAction.body.items.map((e: { action: string }) => e.action)).toEqual(['identity.member.added', 'identity.member.added']);
    expect((await api.call('GET', auditPath(`?target=${teamId}`), { as: admin.as })).body.count).toBe(1);
    expect((await api.call('GET', auditPath(`?actor=${admin.id}`), { as: admin.as })).body.count).toBeGreaterThanOrEqual(3);
    expect((await api.call('GET', auditPath(`?from=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`), { as: admin.as })).body.count).toBe(0);
    const first = await api.call('GET', auditPath('?limit=1'), { as: admin.as });
    const second = await api.call('GET', auditPath(`?limit=1&page=${first.body.next.page}`), { as: admin.as });
    expect(second.body.items[0].id).not.toBe(first.body.items[0].id);
  });

  test('When another context s event reaches identity, Then it is recorded in its organization with its trace as correlation and its cause', async () => {
    const space = { id: 'sp-audit', organization: orgId, title: 'Handbook', emoji: null, visibility: 'private', editMode: 'live', parent: null, defaultLevel: 'inherit', revision: 'r1', createdAt: '2026-11-28T00:00:00Z', updatedAt: '2026-11-28T00:00:00Z' };
    const event = { ...checkedEvent(ContentEvents.SPACE_CREATED, { space }, { source: '/content', subject: space.id }), actortype: 'user' as const, actorid: admin.id, actorsource: 'api' as const, traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01' };
    await api.handle(event);
    await api.handle(event);
    const found = await api.call('GET', auditPath(`?target=${space.id}`), { as: admin.as });
    expect(found.body.count).toBe(1);
    const details = await api.call('GET', auditPath(`/${event.id}`), { as: admin.as });
    expect(details.body).toMatchObject({ action: 'content.space.created', target: { type: 'space', id: space.id, label: 'Handbook' }, correlationId: '0af7651916cd43dd8448eb211c80319c' });
  });

  test('When a member who is not an admin or a stranger asks, Then it is a 403 or a 404; an unknown entry is a 404', async () => {
    expect((await api.call('GET', auditPath(), { as: reader.as })).status).toBe(403);
    expect((await api.call('GET', auditPath(), { as: outsider.as })).status).toBe(404);
    expect((await api.call('GET', `/v1/orgs/${orgId}/audit-event-actions`, { as: reader.as })).status).toBe(403);
    expect((await api.call('GET', auditPath('/00000000-0000-4000-8000-000000000000'), { as: admin.as })).status).toBe(404);
    expect((await api.call('GET', auditPath('/not-a-uuid'), { as: admin.as })).status).toBe(400);
  });

  test('When the actions are listed, Then each catalogued change is one, labelled', async () => {
    const actions = await api.call('GET', `/v1/orgs/${orgId}/audit-event-actions`, { as: admin.as });
    expect(actions.status).toBe(200);
    expect(actions.body.items).toContainEqual({ object: 'audit-event-action', id: 'content.space.created', label: 'A space was created' });
    expect(actions.body.items.map((a: { id: string }) => a.id)).not.toContain('gateway.replica.alive');
  });

  test('When anything but the retention job updates or deletes an entry, Then the database refuses; the job removes only entries past the retention', async () => {
    await expect(api.db('audit_events').where({ organization_id: orgId }).update({ action: 'forged' })).rejects.toThrow(/append-only/);
    await expect(api.db('audit_events').where({ organization_id: orgId }).delete()).rejects.toThrow(/append-only/);
    const [kept] = await api.db('audit_events').where({ organization_id: orgId }).orderBy('seq').limit(1);
    const { seq: _, ...row } = kept;
    await api.db('audit_events').insert({ ...row, id: '11111111-1111-4111-8111-111111111111', occurred_at: new Date(Date.now() - 400 * 86_400_000) });
    const before = Number((await api.db('audit_events').where({ organization_id: orgId }).count('* as n').first())?.n);
    expect(await expireAuditLog({ db: api.db, config: api.config, log: createLogger('audit-test', 'silent'), onStop: () => undefined })).toBe(1);
    expect(Number((await api.db('audit_events').where({ organization_id: orgId }).count('* as n').first())?.n)).toBe(before - 1);
  });
});
