import { checkedEvent, createEvent, ContentEvents, GatewayEvents, IdentityEvents } from '@dp/events';
import { auditEntryOf } from '../../src/domain/audit';

const space = { id: 'sp1', organization: 'org1', title: 'Handbook', emoji: null, visibility: 'private', editMode: 'live', parent: null, defaultLevel: 'inherit', revision: 'r1', createdAt: '2026-11-28T00:00:00Z', updatedAt: '2026-11-28T00:00:00Z' };

describe('auditEntryOf', () => {
  test('an event a user s request emitted: the user as actor, the api as source, the object as target, its trace as correlation', () => {
    const event = { ...checkedEvent(ContentEvents.SPACE_CREATED, { space }, { source: '/content', subject: 'sp1' }), actortype: 'user' as const, actorid: 'u1', actorsource: 'api' as const, traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01' };
    expect(auditEntryOf(event)).toMatchObject({
      id: event.id, organization_id: 'org1', action: 'content.space.created', actor_type: 'user', actor_id: 'u1', source: 'api',
      target_type: 'space', target_id: 'sp1', target_label: 'Handbook', correlation_id: '0af7651916cd43dd8448eb211c80319c', caused_by: null,
    });
  });

  test('a system effect caused by another event, and one without an actor: the system, from the workflow', () => {
    const caused = { ...checkedEvent(IdentityEvents.TEAM_DELETED, { teamId: 't1', organizationId: 'org1' }, { source: '/identity' }), actortype: 'system' as const, actorid: 'sites', actorsource: 'workflow' as const, causedby: 'e0' };
    expect(auditEntryOf(caused)).toMatchObject({ actor_type: 'system', actor_id: 'sites', source: 'workflow', caused_by: 'e0', target_type: 'team', target_id: 't1' });
    const bare = checkedEvent(IdentityEvents.TEAM_DELETED, { teamId: 't1', organizationId: 'org1' }, { source: '/identity' });
    expect(auditEntryOf(bare)).toMatchObject({ actor_type: 'system', actor_id: 'identity', source: 'workflow' });
  });

  test('the payload keeps ids, titles, roles and states, never an email, a token or a body', () => {
    const event = checkedEvent(IdentityEvents.MEMBER_ADDED, { organizationId: 'org1', userId: 'u2', role: 'edit', email: 'secret@example.com', token: 'gb_api_x', markdown: '# body' }, { source: '/identity' });
    expect(auditEntryOf(event)?.payload).toEqual({ organizationId: 'org1', userId: 'u2', role: 'edit' });
  });

  test('what is not an organization s change is not recorded: a heartbeat, a user s own account', () => {
    expect(auditEntryOf(createEvent(GatewayEvents.REPLICA_ALIVE, { replicaId: 'r', everyMs: 1000 }, { source: '/gateway' }))).toBeUndefined();
    expect(auditEntryOf(createEvent(IdentityEvents.USER_CREATED, { userId: 'u', email: 'a@b.c', displayName: 'A' }, { source: '/identity' }))).toBeUndefined();
  });
});
